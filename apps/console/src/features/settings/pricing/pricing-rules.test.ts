import { describe, expect, it } from 'vitest';
import {
  applyBatch,
  batchProblem,
  buildPricingRows,
  findInvalidRow,
  findUnsetModels,
  isNumberDraft,
  mergePricedRows,
  parseNumberMap,
  pricesToRatios,
  ratiosToPrices,
  serializePricingRows,
  type PricingRow,
} from './pricing-rules';

const maps = {
  ModelPrice: { 'dall-e-3': 0.04 },
  ModelRatio: { 'gpt-4o': 1.25, 'dall-e-3': 5 },
  CompletionRatio: { 'gpt-4o': 4, 'claude-x': 5 },
};

describe('rows', () => {
  it('unites the three maps and the enabled models; a fixed price makes the row per-request', () => {
    const rows = buildPricingRows(maps, ['new-model', 'gpt-4o']);
    expect(rows.map((row) => row.name)).toEqual(['claude-x', 'dall-e-3', 'gpt-4o', 'new-model']);
    expect(rows.find((row) => row.name === 'dall-e-3')).toEqual({ name: 'dall-e-3', mode: 'request', price: '0.04', ratio: '5', completionRatio: '' });
    expect(rows.find((row) => row.name === 'new-model')).toEqual({ name: 'new-model', mode: 'token', price: '', ratio: '', completionRatio: '' });
  });
  it('saving one mode clears the other mode’s fields', () => {
    const rows = buildPricingRows(maps);
    const saved = serializePricingRows(rows);
    expect(saved.ModelPrice).toEqual({ 'dall-e-3': 0.04 });
    expect(saved.ModelRatio).toEqual({ 'gpt-4o': 1.25 });
    expect(saved.CompletionRatio).toEqual({ 'gpt-4o': 4, 'claude-x': 5 });
    const switched = rows.map((row): PricingRow => (row.name === 'dall-e-3' ? { ...row, mode: 'token' } : row));
    const resaved = serializePricingRows(switched);
    expect(resaved.ModelPrice).toEqual({});
    expect(resaved.ModelRatio['dall-e-3']).toBe(5);
  });
  it('refuses non-numbers and per-request rows without a price', () => {
    const base: PricingRow = { name: 'm', mode: 'token', price: '', ratio: '1', completionRatio: '' };
    expect(findInvalidRow([base])).toBeNull();
    expect(findInvalidRow([{ ...base, ratio: 'abc' }])).toEqual({ name: 'm', problem: 'notNumber' });
    expect(findInvalidRow([{ ...base, mode: 'request' }])).toEqual({ name: 'm', problem: 'notNumber' });
  });
  it('accepts half-typed numbers only', () => {
    expect(isNumberDraft('1.')).toBe(true);
    expect(isNumberDraft('')).toBe(true);
    expect(isNumberDraft('1.2.3')).toBe(false);
    expect(isNumberDraft('x')).toBe(false);
  });
  it('reads only numeric entries of a map', () => {
    expect(parseNumberMap('{"a":1,"b":"2"}')).toEqual({ a: 1 });
    expect(parseNumberMap('not json')).toEqual({});
    expect(parseNumberMap('[1]')).toEqual({});
  });
});

describe('price conversion', () => {
  it('ratio = price / 2 and completion ratio = output / input', () => {
    expect(pricesToRatios('2.5', '10')).toEqual({ ratio: '1.25', completionRatio: '4' });
    expect(pricesToRatios('0.3', '')).toEqual({ ratio: '0.15', completionRatio: '' });
  });
  it('rejects a zero price and non-numbers', () => {
    expect(pricesToRatios('0', '10')).toBe('zeroPrice');
    expect(pricesToRatios('abc', '')).toBe('notNumber');
    expect(pricesToRatios('1', 'x')).toBe('notNumber');
  });
  it('turns ratios back into dollars per 1M tokens', () => {
    expect(ratiosToPrices('1.25', '4')).toEqual({ input: '2.5', output: '10' });
    expect(ratiosToPrices('0.1', '')).toEqual({ input: '0.2', output: '0.2' });
    expect(ratiosToPrices('', '4')).toBeNull();
  });
});

describe('batch set', () => {
  const rows = buildPricingRows(maps);
  it('needs a selection, a value, and both values in both-ratio mode', () => {
    expect(batchProblem('ratio', { value: '1' }, 0)).toBe('noSelection');
    expect(batchProblem('ratio', { value: '' }, 2)).toBe('valueRequired');
    expect(batchProblem('price', { value: 'x' }, 2)).toBe('notNumber');
    expect(batchProblem('both', { ratio: '1' }, 2)).toBe('bothRequired');
    expect(batchProblem('both', { ratio: '1', completionRatio: '2' }, 2)).toBeNull();
  });
  it('a price makes rows per-request; ratios make them per-token', () => {
    const priced = applyBatch(rows, new Set(['gpt-4o']), 'price', { value: '0.010' });
    expect(priced.find((row) => row.name === 'gpt-4o')).toMatchObject({ mode: 'request', price: '0.01' });
    const both = applyBatch(rows, new Set(['dall-e-3', 'claude-x']), 'both', { ratio: '2', completionRatio: '3' });
    expect(both.filter((row) => row.mode === 'token' && row.ratio === '2' && row.completionRatio === '3').map((row) => row.name)).toEqual(['claude-x', 'dall-e-3']);
    expect(both.find((row) => row.name === 'gpt-4o')).toEqual(rows.find((row) => row.name === 'gpt-4o'));
  });
});

describe('unset models', () => {
  it('lists enabled models with neither a price nor a ratio', () => {
    expect(findUnsetModels(['gpt-4o', 'claude-x', 'zeta', 'alpha', 'zeta', 'dall-e-3'], maps)).toEqual(['alpha', 'claude-x', 'zeta']);
  });
  it('merges priced rows into the stored maps, dropping the other mode', () => {
    const merged = mergePricedRows(maps, [{ name: 'claude-x', mode: 'request', price: '0.5', ratio: '', completionRatio: '' }]);
    expect(merged.ModelPrice).toEqual({ 'dall-e-3': 0.04, 'claude-x': 0.5 });
    expect(merged.CompletionRatio).toEqual({ 'gpt-4o': 4 });
    expect(maps.CompletionRatio).toEqual({ 'gpt-4o': 4, 'claude-x': 5 });
  });
});
