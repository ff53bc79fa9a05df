import { describe, expect, it } from 'vitest';
import { eventTypeOf, peekEventType, readResponseUsage, statedOutputLimit } from './realtime-events';

describe('realtime frames', () => {
  it('peeks the type from the first bytes, and parses only a frame that does not start with it', () => {
    expect(peekEventType(Buffer.from('{"type":"response.audio.delta","delta":"AAAA"}'))).toBe('response.audio.delta');
    expect(peekEventType(Buffer.from('{ "type" : "session.update" }'))).toBe('session.update');
    expect(peekEventType(Buffer.from(`{"delta":"${'A'.repeat(200)}","type":"response.audio.delta"}`))).toBeNull();
    expect(eventTypeOf(Buffer.from(`{"delta":"${'A'.repeat(200)}","type":"response.audio.delta"}`)).type).toBe('response.audio.delta');
    expect(eventTypeOf(Buffer.from('not json'))).toEqual({ type: '', parsed: null });
  });
  it('reads response.done usage: cached input apart, audio input less its cached part, audio output', () => {
    const read = readResponseUsage({
      type: 'response.done',
      response: {
        id: 'resp_1',
        status: 'completed',
        usage: { input_tokens: 420, output_tokens: 348, input_token_details: { text_tokens: 120, audio_tokens: 300, cached_tokens: 64, cached_tokens_details: { text_tokens: 32, audio_tokens: 32 } }, output_token_details: { text_tokens: 15, audio_tokens: 333 } },
      },
    });
    expect(read?.usage).toEqual({ promptTokens: 420, completionTokens: 348, cachedTokens: 64, audioPromptTokens: 268, audioCompletionTokens: 333 });
    expect(read?.counts).toEqual({ textInput: 120, audioInput: 300, cachedInput: 64, textOutput: 15, audioOutput: 333 });
    expect(readResponseUsage({ type: 'response.done', response: { id: 'x' } })).toBeNull();
  });
  it('reads an output limit from either field, `inf` as none', () => {
    expect(statedOutputLimit({ max_output_tokens: 300 })).toBe(300);
    expect(statedOutputLimit({ max_response_output_tokens: 'inf' })).toBeUndefined();
    expect(statedOutputLimit({ max_response_output_tokens: 99 })).toBe(99);
  });
});
