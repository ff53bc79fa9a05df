import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  buildTokenPayload,
  expiryFromShortcut,
  expiryToSeconds,
  maskTokenKey,
  modelLimitList,
  parseBatchCount,
  quotaPickLabel,
  TokenQuotaPicks,
  tokenStatusKey,
} from './tokens-rules';

describe('token quick picks', () => {
  it('shows dollars with currency display and compact counts without', () => {
    const dollars = TokenQuotaPicks.map((quota) => quotaPickLabel(quota, { quotaPerUnit: 500000, displayInCurrency: true }));
    expect(dollars).toEqual(['$1', '$10', '$50', '$100', '$500', '$1000']);
    const counts = TokenQuotaPicks.map((quota) => quotaPickLabel(quota, { quotaPerUnit: 500000, displayInCurrency: false }));
    expect(counts).toEqual(['500.0k', '5.0M', '25.0M', '50.0M', '250.0M', '500.0M']);
  });
});

describe('token expiry', () => {
  const now = dayjs('2025-03-01 12:00:00');
  it('applies the shortcuts: never, one hour, one day, one month of 30 days', () => {
    expect(expiryFromShortcut('never', now)).toBeNull();
    expect(expiryFromShortcut('hour', now)?.format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-01 13:00:00');
    expect(expiryFromShortcut('day', now)?.format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-02 12:00:00');
    expect(expiryFromShortcut('month', now)?.format('YYYY-MM-DD HH:mm:ss')).toBe('2025-03-31 12:00:00');
  });
  it('turns the picked time into seconds, never into -1 and garbage into null', () => {
    expect(expiryToSeconds(null)).toBe(-1);
    expect(expiryToSeconds('-1')).toBe(-1);
    expect(expiryToSeconds(now)).toBe(Math.ceil(now.valueOf() / 1000));
    expect(expiryToSeconds('2025-03-01 12:00:00')).toBe(now.unix());
    expect(expiryToSeconds('not a date')).toBeNull();
  });
});

describe('token form', () => {
  it('parses batch counts as positive integers', () => {
    expect(parseBatchCount('20')).toBe(20);
    expect(parseBatchCount(7)).toBe(7);
    expect(parseBatchCount('0')).toBeNull();
    expect(parseBatchCount('2.5')).toBeNull();
    expect(parseBatchCount('-3')).toBeNull();
    expect(parseBatchCount('')).toBeNull();
  });

  it('builds the create payload with model limits enabled only when models are chosen', () => {
    const result = buildTokenPayload(
      { name: ' ci ', remain_quota: '5000000', unlimited_quota: false, expired_time: null, model_limits: ['gpt-4o', 'gpt-4o', 'o3'], allow_ips: ' 10.0.0.1\n', group: 'vip', count: '10' },
      true,
    );
    expect(result).toEqual({
      payload: {
        name: 'ci',
        remain_quota: 5000000,
        unlimited_quota: false,
        expired_time: -1,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,o3',
        allow_ips: '10.0.0.1',
        group: 'vip',
        count: 10,
      },
    });
    const plain = buildTokenPayload({ name: 'x', remain_quota: 1, model_limits: [] }, false);
    expect(plain).toMatchObject({ payload: { model_limits_enabled: false, model_limits: '' } });
    expect('payload' in plain && plain.payload.count).toBe(undefined);
  });

  it('names the first problem', () => {
    const code = (result: ReturnType<typeof buildTokenPayload>) => ('problem' in result ? result.problem.code : null);
    expect(code(buildTokenPayload({ name: '  ' }, true))).toBe('token_name_required');
    expect(code(buildTokenPayload({ name: 'a', expired_time: dayjs('nope') }, true))).toBe('token_expiry_invalid');
    expect(code(buildTokenPayload({ name: 'a', remain_quota: '1.5' }, true))).toBe('token_quota_not_integer');
    expect(code(buildTokenPayload({ name: 'a', remain_quota: -1 }, true))).toBe('token_quota_negative');
    expect(code(buildTokenPayload({ name: 'a', remain_quota: 1, count: 'x' }, true))).toBe('token_count_invalid');
    expect(code(buildTokenPayload({ name: 'a', remain_quota: 1, count: 101 }, true))).toBe('token_count_too_many');
    expect(code(buildTokenPayload({ name: 'x'.repeat(31) }, false))).toBe('token_name_too_long');
    expect(code(buildTokenPayload({ name: 'a', allow_ips: '10.0.0.0/33' }, false))).toBe('token_allow_ips_invalid');
  });
});

describe('token display', () => {
  it('labels the statuses, with model limits as their own label', () => {
    expect(tokenStatusKey({ status: 1 })).toBe('enabled');
    expect(tokenStatusKey({ status: 1, model_limits_enabled: true })).toBe('enabledWithLimits');
    expect(tokenStatusKey({ status: 2, model_limits_enabled: true })).toBe('disabled');
    expect(tokenStatusKey({ status: 3 })).toBe('expired');
    expect(tokenStatusKey({ status: 4 })).toBe('exhausted');
    expect(tokenStatusKey({ status: 9 })).toBe('unknown');
  });
  it('masks keys and splits model lists', () => {
    expect(maskTokenKey('abcdefghijklmnop')).toBe('sk-abcd********mnop');
    expect(modelLimitList('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(modelLimitList(undefined)).toEqual([]);
  });
});
