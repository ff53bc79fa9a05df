import { describe, expect, it } from 'vitest';
import { orderUsableGroups, readUsableGroups } from './usable-groups';

describe('usable groups', () => {
  const options = readUsableGroups({ default: { desc: 'Default', ratio: 1 }, vip: { desc: 'VIP', ratio: 0.5 }, auto: { desc: 'Auto', ratio: 1 }, odd: 3 });

  it('reads descriptions and ratios, defaulting bad entries', () => {
    expect(options).toEqual([
      { value: 'default', desc: 'Default', ratio: 1 },
      { value: 'vip', desc: 'VIP', ratio: 0.5 },
      { value: 'auto', desc: 'Auto', ratio: 1 },
      { value: 'odd', desc: '', ratio: 1 },
    ]);
    expect(readUsableGroups(null)).toEqual([]);
    expect(readUsableGroups(['x'])).toEqual([]);
  });

  it('puts the user group first, and auto before it when auto is the default', () => {
    expect(orderUsableGroups(options, 'vip', false).map((option) => option.value)).toEqual(['vip', 'default', 'auto', 'odd']);
    expect(orderUsableGroups(options, 'vip', true).map((option) => option.value)).toEqual(['auto', 'vip', 'default', 'odd']);
    expect(orderUsableGroups(options, undefined, false).map((option) => option.value)).toEqual(['default', 'vip', 'auto', 'odd']);
  });
});
