import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { decodeOpenAiChatResponse, decodeOpenAiError, encodeOpenAiChatResponse, encodeOpenAiError } from './openai-chat-response-codec';
import { openAiChatResponseSchema, openAiErrorBodySchema } from './openai-chat-schema';

const fixtureResponse = openAiChatResponseSchema.parse(fixturesBeside(import.meta.url).fixtureJson('chat-response.json'));

describe('openai chat response codec', () => {
  it('decodes the first choice, tool calls, finish reason and usage', () => {
    expect(decodeOpenAiChatResponse(fixtureResponse)).toEqual({
      id: 'chatcmpl-fixture3',
      model: 'gpt-4o-2024-08-06',
      created: 1735689602,
      parts: [
        { type: 'text', text: 'It is sunny.' },
        { type: 'tool-call', id: 'call_x', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 120, outputTokens: 35, cacheReadTokens: 64, cacheWriteTokens: 0, reasoningTokens: 10 },
    });
  });

  it('encodes a canonical response with reasoning and round-trips it', () => {
    const canonical = {
      id: 'resp-1',
      model: 'deepseek-reasoner',
      created: 100,
      parts: [
        { type: 'reasoning' as const, text: 'think' },
        { type: 'text' as const, text: 'answer' },
      ],
      finishReason: 'length' as const,
      usage: { inputTokens: 3, outputTokens: 9, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 5 },
    };
    const encoded = encodeOpenAiChatResponse(canonical);
    expect(encoded).toEqual({
      id: 'resp-1',
      object: 'chat.completion',
      created: 100,
      model: 'deepseek-reasoner',
      choices: [{ index: 0, message: { role: 'assistant', content: 'answer', refusal: null, reasoning_content: 'think' }, logprobs: null, finish_reason: 'length' }],
      usage: { prompt_tokens: 3, completion_tokens: 9, total_tokens: 12, completion_tokens_details: { reasoning_tokens: 5 } },
    });
    expect(decodeOpenAiChatResponse(openAiChatResponseSchema.parse(encoded))).toEqual(canonical);
  });

  it('reads OpenRouter reasoning and maps unknown finish reasons to other', () => {
    const decoded = decodeOpenAiChatResponse(
      openAiChatResponseSchema.parse({
        id: 'a',
        created: 1,
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: '', reasoning: 'r' }, finish_reason: 'eos' }],
      }),
    );
    expect(decoded.parts).toEqual([{ type: 'reasoning', text: 'r' }]);
    expect(decoded.finishReason).toBe('other');
    expect(decoded.usage).toBeUndefined();
  });

  it('encodes and decodes error bodies', () => {
    const body = encodeOpenAiError({ message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(body).toEqual({ error: { message: 'Rate limit reached', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } });
    expect(openAiErrorBodySchema.safeParse(body).success).toBe(true);
    expect(decodeOpenAiError(body)).toEqual({ message: 'Rate limit reached', type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(decodeOpenAiError({ error: 'plain' })).toEqual({ message: 'plain' });
    expect(decodeOpenAiError({ error: { code: 500 } })).toEqual({ message: '{"code":500}', code: '500' });
    expect(decodeOpenAiError({ choices: [] })).toBeUndefined();
  });

  it('carries the param and code of an error, but not a code that only repeats the HTTP status', () => {
    const upstream = { error: { message: 'Invalid value', type: 'invalid_request_error', param: 'messages[0].content', code: 'invalid_value' } };
    const decoded = decodeOpenAiError(upstream)!;
    expect(encodeOpenAiError({ ...decoded, httpStatus: 400 })).toEqual(upstream);
    // Google's `error.code` is the HTTP status: an OpenAI client gets no code rather than "400".
    expect(encodeOpenAiError({ message: 'bad', type: 'INVALID_ARGUMENT', code: '400', httpStatus: 400 }).error.code).toBeNull();
    expect(encodeOpenAiError({ message: 'bad', code: '1214', httpStatus: 400 }).error.code).toBe('1214');
    expect(encodeOpenAiError({ message: 'bad', code: '529' }).error.code).toBe('529');
  });
});
