import { describe, expect, it } from 'vitest';
import { MemoryVerificationCodeStore } from './verification-code-store';

describe('MemoryVerificationCodeStore', () => {
  it('issues 6-character codes, locks resending for 30 s and expires codes after 10 minutes', async () => {
    let now = 0;
    const store = new MemoryVerificationCodeStore(() => now);
    const first = await store.issue('k');
    if (!first.issued) throw new Error('expected a code');
    expect(first.code).toMatch(/^[A-Z2-9]{6}$/);
    now = 10_000;
    expect(await store.issue('k')).toEqual({ issued: false, waitSeconds: 20 });
    expect(await store.verify('k', first.code.toLowerCase())).toBe(true);
    now = 30_000;
    const second = await store.issue('k');
    if (!second.issued) throw new Error('expected a second code');
    expect(await store.verify('k', second.code)).toBe(true);
    now = 30_000 + 600_001;
    expect(await store.verify('k', second.code)).toBe(false);
  });

  it('drops a code after five wrong attempts and after consume', async () => {
    const store = new MemoryVerificationCodeStore(() => 0);
    const issued = await store.issue('k');
    if (!issued.issued) throw new Error('expected a code');
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await store.verify('k', 'WRONG1')).toBe(false);
    expect(await store.verify('k', issued.code)).toBe(false);
    const again = await store.issue('k');
    if (!again.issued) throw new Error('expected a new code after the drop');
    await store.consume('k');
    expect(await store.verify('k', again.code)).toBe(false);
  });
});
