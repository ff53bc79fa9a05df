import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { cohereDialect } from './cohere-dialect';
import { cohereFinishReason, decodeCohereError, decodeCohereResponse, readCohereUsage } from './cohere-response-codec';

const { fixtureJson: fixture } = fixturesBeside(import.meta.url);

describe('decodeCohereResponse', () => {
  it('decodes a whole answer with a tool plan and a tool call, billing billed_units', () => {
    const before = Math.floor(Date.now() / 1000);
    const response = decodeCohereResponse(fixture('chat-response-tool-call.json'));
    expect(response).toMatchObject({
      id: '4e1a3c0e-8f62-4c4f-9d1b-2a6f3b7c9e10',
      model: '',
      parts: [
        { type: 'reasoning', text: 'I will look up the weather in Toronto.' },
        { type: 'tool-call', id: 'get_weather_8kq2a1w9x3b7', name: 'get_weather', arguments: '{"location":"Toronto"}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 37, outputTokens: 28, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
    });
    expect(response.created).toBeGreaterThanOrEqual(before);
  });

  it('decodes thinking and text content items in order', () => {
    const response = decodeCohereResponse({
      id: 'r1',
      finish_reason: 'MAX_TOKENS',
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Count the letters.' },
          { type: 'text', text: 'There are three.' },
        ],
      },
      usage: { tokens: { input_tokens: 12, output_tokens: 30 } },
    });
    expect(response.parts).toEqual([
      { type: 'reasoning', text: 'Count the letters.' },
      { type: 'text', text: 'There are three.' },
    ]);
    expect(response.finishReason).toBe('length');
    expect(response.usage).toEqual({ inputTokens: 12, outputTokens: 30, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
  });
});

describe('cohereFinishReason', () => {
  it('maps every documented reason, case-insensitively', () => {
    expect(cohereFinishReason('COMPLETE', false)).toBe('stop');
    expect(cohereFinishReason('STOP_SEQUENCE', false)).toBe('stop');
    expect(cohereFinishReason('MAX_TOKENS', false)).toBe('length');
    expect(cohereFinishReason('TOOL_CALL', true)).toBe('tool-calls');
    expect(cohereFinishReason('ERROR', false)).toBe('error');
    expect(cohereFinishReason('TIMEOUT', false)).toBe('error');
    expect(cohereFinishReason('content_blocked', false)).toBe('content-filter');
    expect(cohereFinishReason('SOMETHING_NEW', false)).toBe('other');
  });

  it('reports tool-calls for a COMPLETE answer that called tools', () => {
    expect(cohereFinishReason('COMPLETE', true)).toBe('tool-calls');
    expect(cohereFinishReason('MAX_TOKENS', true)).toBe('length');
  });
});

describe('readCohereUsage', () => {
  it('prefers billed_units per figure and falls back to tokens', () => {
    expect(readCohereUsage({ billed_units: { input_tokens: 6772, output_tokens: 248 }, tokens: { input_tokens: 7596, output_tokens: 645 }, cached_tokens: 512 })).toEqual({
      inputTokens: 6772,
      outputTokens: 248,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    });
    expect(readCohereUsage({ billed_units: { output_tokens: 5 }, tokens: { input_tokens: 40, output_tokens: 9 } })).toMatchObject({ inputTokens: 40, outputTokens: 5 });
    expect(readCohereUsage({})).toBeUndefined();
    expect(readCohereUsage(undefined)).toBeUndefined();
  });

  it('is what the dialect reads from a whole answer', () => {
    expect(cohereDialect.readUsage(fixture('chat-response-tool-call.json'))).toMatchObject({ inputTokens: 37, outputTokens: 28 });
  });
});

describe('decodeCohereError', () => {
  it('reads {id, message} and {message} bodies but not answers', () => {
    expect(decodeCohereError({ id: 'a1b2', message: 'invalid api token' })).toEqual({ message: 'invalid api token' });
    expect(decodeCohereError({ message: "model 'command-x' not found" })).toEqual({ message: "model 'command-x' not found" });
    expect(decodeCohereError(fixture('chat-response-tool-call.json'))).toBeUndefined();
    expect(decodeCohereError('oops')).toBeUndefined();
  });
});
