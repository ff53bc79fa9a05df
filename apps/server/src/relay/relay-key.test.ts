import { describe, expect, it } from 'vitest';
import { parseRelayKey, readRawKey } from './relay-key';

describe('relay key', () => {
  it('reads the key from every place an SDK sends it, Authorization first', () => {
    expect(readRawKey({ authorization: 'Bearer sk-abc' }, {})).toBe('sk-abc');
    expect(readRawKey({ 'x-api-key': 'sk-anthropic' }, {})).toBe('sk-anthropic');
    expect(readRawKey({ 'x-goog-api-key': 'gem' }, {})).toBe('gem');
    expect(readRawKey({}, { key: 'fromquery' })).toBe('fromquery');
    expect(readRawKey({ authorization: 'Bearer one', 'x-api-key': 'two' }, {})).toBe('one');
    expect(readRawKey({}, {})).toBe('');
  });

  it('strips sk- and splits a pinned channel id', () => {
    expect(parseRelayKey('sk-abc')).toEqual({ key: 'abc', pinnedChannelId: null });
    expect(parseRelayKey('abc')).toEqual({ key: 'abc', pinnedChannelId: null });
    expect(parseRelayKey('sk-abc-12')).toEqual({ key: 'abc', pinnedChannelId: 12 });
    expect(parseRelayKey('sk-abc-x')).toEqual({ key: 'abc', pinnedChannelId: null });
    expect(parseRelayKey('sk-')).toBeNull();
    expect(parseRelayKey('')).toBeNull();
  });
});
