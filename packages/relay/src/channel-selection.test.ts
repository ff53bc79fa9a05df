import { describe, expect, it } from 'vitest';
import { groupIntoPriorityTiers, pickWeighted, selectChannel, type ChannelCandidate } from './channel-selection';
import { createSeededRandom, type RandomSource } from './random-source';

const channel = (id: number, priority: number, weight: number): ChannelCandidate => ({ id, priority, weight });
const fixed = (value: number): RandomSource => () => value;
const none: ReadonlySet<number> = new Set();

const candidates = [channel(1, 0, 10), channel(2, 10, 1), channel(3, 10, 3), channel(4, 5, 0), channel(5, -3, 7)];

describe('groupIntoPriorityTiers', () => {
  it('sorts tiers by descending priority and keeps order inside a tier', () => {
    expect(groupIntoPriorityTiers(candidates).map((tier) => tier.map((candidate) => candidate.id))).toEqual([[2, 3], [4], [1], [5]]);
    expect(groupIntoPriorityTiers([])).toEqual([]);
  });
});

describe('pickWeighted', () => {
  const tier = [channel(2, 10, 1), channel(3, 10, 3)];

  it('maps the random number onto cumulative weights', () => {
    expect(pickWeighted(tier, fixed(0))?.id).toBe(2);
    expect(pickWeighted(tier, fixed(0.2499))?.id).toBe(2);
    expect(pickWeighted(tier, fixed(0.25))?.id).toBe(3);
    expect(pickWeighted(tier, fixed(0.9999))?.id).toBe(3);
  });

  it('never picks a zero-weight channel next to weighted ones', () => {
    const mixed = [channel(1, 0, 0), channel(2, 0, 5), channel(3, 0, 0)];
    for (const value of [0, 0.3, 0.6, 0.99]) expect(pickWeighted(mixed, fixed(value))?.id).toBe(2);
  });

  it('treats all-zero weights as equal', () => {
    const zeros = [channel(1, 0, 0), channel(2, 0, 0), channel(3, 0, 0)];
    expect([0, 0.34, 0.67, 0.99].map((value) => pickWeighted(zeros, fixed(value))?.id)).toEqual([1, 2, 3, 3]);
  });

  it('returns the last weighted channel when the random source reaches the total, and undefined for none', () => {
    expect(pickWeighted([channel(1, 0, 2), channel(2, 0, 0)], fixed(1))?.id).toBe(1);
    expect(pickWeighted([], fixed(0.5))).toBeUndefined();
  });

  it('follows the weights over many seeded draws, reproducibly', () => {
    const tierOf3 = [channel(1, 0, 1), channel(2, 0, 3), channel(3, 0, 6)];
    const draw = (seed: number): number[] => {
      const random = createSeededRandom(seed);
      const counts = [0, 0, 0];
      for (let draws = 0; draws < 20_000; draws += 1) {
        const picked = pickWeighted(tierOf3, random);
        if (picked) counts[picked.id - 1] = (counts[picked.id - 1] ?? 0) + 1;
      }
      return counts;
    };
    const counts = draw(42);
    expect(draw(42)).toEqual(counts);
    expect(counts.reduce((sum, value) => sum + value, 0)).toBe(20_000);
    expect(counts[0]).toBeGreaterThan(1_800);
    expect(counts[0]).toBeLessThan(2_200);
    expect(counts[1]).toBeGreaterThan(5_700);
    expect(counts[1]).toBeLessThan(6_300);
    expect(counts[2]).toBeGreaterThan(11_700);
    expect(counts[2]).toBeLessThan(12_300);
  });
});

describe('selectChannel', () => {
  it('uses the highest tier first and the n-th tier on retry n, clamped to the lowest', () => {
    const pick = (retryIndex: number): number | undefined => selectChannel(candidates, { retryIndex, failedChannelIds: none, random: fixed(0) })?.id;
    expect([0, 1, 2, 3, 4, 9].map(pick)).toEqual([2, 4, 1, 5, 5, 5]);
  });

  it('never re-picks a channel that failed in this request', () => {
    const failed = new Set([2]);
    for (const value of [0, 0.1, 0.5, 0.99]) {
      expect(selectChannel(candidates, { retryIndex: 0, failedChannelIds: failed, random: fixed(value) })?.id).toBe(3);
    }
  });

  it('falls to the nearest lower tier, then a higher one, when the target tier is exhausted', () => {
    expect(selectChannel(candidates, { retryIndex: 1, failedChannelIds: new Set([4]), random: fixed(0) })?.id).toBe(1);
    expect(selectChannel(candidates, { retryIndex: 3, failedChannelIds: new Set([5]), random: fixed(0) })?.id).toBe(1);
    expect(selectChannel(candidates, { retryIndex: 9, failedChannelIds: new Set([1, 4, 5]), random: fixed(0) })?.id).toBe(2);
  });

  it('returns undefined when nothing is left', () => {
    expect(selectChannel(candidates, { retryIndex: 0, failedChannelIds: new Set([1, 2, 3, 4, 5]), random: fixed(0) })).toBeUndefined();
    expect(selectChannel([], { retryIndex: 0, failedChannelIds: none, random: fixed(0) })).toBeUndefined();
  });

  it('walks every channel exactly once over a failing retry loop with a seeded source', () => {
    const random = createSeededRandom(7);
    const failed = new Set<number>();
    const order: number[] = [];
    for (let retryIndex = 0; retryIndex < 5; retryIndex += 1) {
      const picked = selectChannel(candidates, { retryIndex, failedChannelIds: failed, random });
      if (!picked) break;
      order.push(picked.id);
      failed.add(picked.id);
    }
    expect([...order].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([2, 3]).toContain(order[0]);
    expect(order.slice(1, 4)).toEqual([4, 1, 5]);
    expect(order[4]).toBe(order[0] === 2 ? 3 : 2);
  });

  it('treats negative and fractional retry indexes sanely', () => {
    expect(selectChannel(candidates, { retryIndex: -2, failedChannelIds: none, random: fixed(0) })?.id).toBe(2);
    expect(selectChannel(candidates, { retryIndex: 1.7, failedChannelIds: none, random: fixed(0) })?.id).toBe(4);
  });
});

describe('createSeededRandom', () => {
  it('is deterministic per seed and stays in [0, 1)', () => {
    const first = createSeededRandom(123);
    const second = createSeededRandom(123);
    const values = Array.from({ length: 1000 }, () => first());
    expect(Array.from({ length: 1000 }, () => second())).toEqual(values);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(createSeededRandom(124)()).not.toBe(values[0]);
  });
});

describe('priority tiers of frozen candidate lists', () => {
  it('are grouped once and reused; lists that may change are grouped every time', () => {
    const frozen = Object.freeze([{ id: 1, priority: 1, weight: 0 }, { id: 2, priority: 5, weight: 0 }]);
    expect(groupIntoPriorityTiers(frozen)).toBe(groupIntoPriorityTiers(frozen));
    expect(groupIntoPriorityTiers(frozen).map((tier) => tier.map((candidate) => candidate.id))).toEqual([[2], [1]]);
    const open = [{ id: 3, priority: 1, weight: 0 }];
    const first = groupIntoPriorityTiers(open);
    open.push({ id: 4, priority: 9, weight: 0 });
    expect(groupIntoPriorityTiers(open)).not.toBe(first);
    expect(groupIntoPriorityTiers(open).map((tier) => tier.map((candidate) => candidate.id))).toEqual([[4], [3]]);
  });
});
