import { describe, expect, it } from 'vitest';
import { buildRedemptionPayload, canEditRedemption, canToggleRedemption, redemptionStatusKey } from './redemptions-rules';

const format = (quota: number) => `$${(quota / 500000).toFixed(2)}`;

describe('redemption payload', () => {
  it('defaults an empty name on create to the formatted quota', () => {
    expect(buildRedemptionPayload({ name: ' ', quota: 100000, count: 3 }, true, format)).toEqual({ payload: { name: '$0.20', quota: 100000, count: 3 } });
  });
  it('keeps a given name and leaves the count out on edit', () => {
    expect(buildRedemptionPayload({ name: 'promo', quota: '250000', count: 7 }, false, format)).toEqual({ payload: { name: 'promo', quota: 250000 } });
  });
  it('refuses names outside 1 to 20 characters', () => {
    expect(buildRedemptionPayload({ name: 'x'.repeat(21), quota: 1, count: 1 }, true, format)).toMatchObject({ problem: { code: 'redemption_name_length' } });
    expect(buildRedemptionPayload({ name: '', quota: 1 }, false, format)).toMatchObject({ problem: { code: 'redemption_name_length' } });
    expect(buildRedemptionPayload({ name: 'x'.repeat(20), quota: 1, count: 1 }, true, format)).toMatchObject({ payload: { name: 'x'.repeat(20) } });
  });
  it('needs an integer quota and a count from 1 to 100', () => {
    expect(buildRedemptionPayload({ name: 'a', quota: '1.5', count: 1 }, true, format)).toMatchObject({ problem: { code: 'redemption_quota_not_integer' } });
    expect(buildRedemptionPayload({ name: 'a', quota: 0, count: 1 }, true, format)).toMatchObject({ problem: { code: 'redemption_quota_invalid' } });
    expect(buildRedemptionPayload({ name: 'a', quota: 1, count: 0 }, true, format)).toMatchObject({ problem: { code: 'redemption_count_invalid' } });
    expect(buildRedemptionPayload({ name: 'a', quota: 1, count: 101 }, true, format)).toMatchObject({ problem: { code: 'redemption_count_too_many' } });
    expect(buildRedemptionPayload({ name: 'a', quota: 1, count: 100 }, true, format)).toMatchObject({ payload: { count: 100 } });
  });
});

describe('redemption status', () => {
  it('labels the statuses', () => {
    expect([1, 2, 3, 7].map(redemptionStatusKey)).toEqual(['unused', 'disabled', 'used', 'unknown']);
  });
  it('allows edit only when unused and toggling unless used', () => {
    expect([1, 2, 3].map(canEditRedemption)).toEqual([true, false, false]);
    expect([1, 2, 3].map(canToggleRedemption)).toEqual([true, true, false]);
  });
});
