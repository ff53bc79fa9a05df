import { describe, expect, it } from 'vitest';
import { bundledModelCatalog, computeQuotaCost } from '@turnpike/relay';
import { useSqliteOptionStore } from '../../test/helpers/option-store-fixture';
import { PriceBook } from './price-book';

describe('PriceBook', () => {
  const fixture = useSqliteOptionStore('price-book');

  function quoteOf(book: PriceBook, model: string, userGroup = 'default', usingGroup = 'default', acceptUnset = false) {
    const result = book.quote(model, userGroup, usingGroup, acceptUnset);
    if (!result.ok) throw new Error(`not priced: ${model}`);
    return result.quote;
  }

  it('answers a repeated question with the same quote, and a different one per model, group and unset-model setting', async () => {
    await fixture.options.set('ModelRatio', { 'model-a': 2, 'model-b': 0.5 });
    await fixture.options.set('GroupRatio', { default: 1, vip: 0.5 });
    const book = new PriceBook(fixture.options, bundledModelCatalog);
    const first = quoteOf(book, 'model-a');
    expect(quoteOf(book, 'model-a')).toBe(first);
    expect(quoteOf(book, 'model-b')).not.toBe(first);
    expect(quoteOf(book, 'model-a', 'default', 'vip').group.groupRatio).toBe(0.5);
    expect(quoteOf(book, 'model-a', 'vip', 'default')).not.toBe(first);
    expect(book.quote('never-priced', 'default', 'default', false).ok).toBe(false);
    expect(book.quote('never-priced', 'default', 'default', true).ok).toBe(true);
    expect(book.quote('never-priced', 'default', 'default', false).ok).toBe(false);
  });

  it('prices anew once a pricing option changes, and bills at the new price', async () => {
    await fixture.options.set('ModelRatio', { 'model-a': 2 });
    await fixture.options.set('GroupRatio', { default: 1 });
    const book = new PriceBook(fixture.options, bundledModelCatalog);
    const before = quoteOf(book, 'model-a');
    expect(computeQuotaCost(before, { promptTokens: 100, completionTokens: 0 }).quota).toBe(200);
    await fixture.options.set('ModelRatio', { 'model-a': 3 });
    const after = quoteOf(book, 'model-a');
    expect(after).not.toBe(before);
    expect(computeQuotaCost(after, { promptTokens: 100, completionTokens: 0 }).quota).toBe(300);
    await fixture.options.set('GroupRatio', { default: 2 });
    expect(computeQuotaCost(quoteOf(book, 'model-a'), { promptTokens: 100, completionTokens: 0 }).quota).toBe(600);
    await fixture.options.set('QuotaPerUnit', 1000);
    await fixture.options.set('ModelPrice', { 'model-a': 0.5 });
    // A fixed price: $0.5 × 1000 quota per dollar × group ratio 2.
    expect(computeQuotaCost(quoteOf(book, 'model-a'), { promptTokens: 100, completionTokens: 0 }).quota).toBe(1000);
  });

  it('keeps a bounded memo: callers choose model names, so thousands of them empty it rather than grow it', async () => {
    await fixture.options.set('ModelPrice', {});
    const book = new PriceBook(fixture.options, bundledModelCatalog);
    const first = book.quote('caller-model-0', 'default', 'default', true);
    for (let index = 1; index <= 5000; index += 1) book.quote(`caller-model-${index}`, 'default', 'default', true);
    // The memo was emptied on the way: the first name is priced again (an equal quote, a new object).
    const again = book.quote('caller-model-0', 'default', 'default', true);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
