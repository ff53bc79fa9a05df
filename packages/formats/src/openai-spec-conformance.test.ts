// Every OpenAI-format answer the codecs write, and every recorded OpenAI answer they pass on, checked against the
// component schemas of OpenAI's published OpenAPI specification (stored with its commit in @turnpike/testing).
// Whole and streamed, converted from each of the four formats' recorded answers.
import { checkOpenAiSpec, fixturesBeside, loadReplayCases, replayStreamText, type OpenAiSpecSchema, type SpecException } from '@turnpike/testing';
import { describe, expect, it } from 'vitest';
import type { CanonicalResponse, CanonicalStreamPart } from './canonical-model';
import { findFormat } from './format-registry';
import { SseParser } from './sse-parser';

/** Recorded answers of each format, whole and streamed (the `__fixtures__` folder beside each format). */
const sources = [
  { format: 'openai-chat', whole: ['chat-response.json'], streams: ['chat-stream-text-usage.sse', 'chat-stream-tool-calls.sse'] },
  { format: 'openai-responses', whole: ['responses-response.json'], streams: ['responses-stream-text.sse', 'responses-stream-reasoning-tool.sse'] },
  { format: 'anthropic-messages', whole: ['messages-response.json'], streams: ['messages-stream-text.sse', 'messages-stream-thinking-tools.sse'] },
  { format: 'gemini', whole: ['generate-content-response.json', 'generate-content-response-function-call.json'], streams: ['stream-text-thoughts.sse', 'stream-function-call.sse'] },
] as const;

const folders: Record<string, string> = { 'openai-chat': './openai-chat/', 'openai-responses': './openai-responses/', 'anthropic-messages': './anthropic-messages/', gemini: './gemini/' };

function fixtures(format: string): ReturnType<typeof fixturesBeside> {
  return fixturesBeside(new URL(folders[format], import.meta.url));
}

/**
 * Where the recorded answers (real API output) are laxer than the specification. Each is named, so a failure that is
 * not one of these is a defect of ours.
 */
const userNull: SpecException = {
  name: 'responses-user-null',
  schema: 'ModelResponseProperties',
  property: 'user',
  relax: 'any',
  reason: 'the specification types the deprecated `user` echo as a string, but the API echoes `null` when the request set none (recorded answers); the encoder writes what the API writes',
};
const usageNullInStream: SpecException = {
  name: 'responses-usage-null-before-completion',
  schema: 'Response',
  property: 'usage',
  relax: 'any',
  reason: 'the specification types `usage` as an object, but the API sends `usage: null` in the response object of `response.created` and `response.in_progress`, before any token was counted (recorded streams)',
};
const recordedApiExceptions: readonly SpecException[] = [
  userNull,
  usageNullInStream,
  {
    name: 'responses-usage-without-cache-write-tokens',
    schema: 'ResponseUsage',
    property: 'input_tokens_details',
    relax: 'any',
    reason: 'answers recorded before `cache_write_tokens` existed have only `cached_tokens`; pass-through forwards them as they came',
  },
  {
    name: 'responses-arguments-done-without-name',
    schema: 'ResponseFunctionCallArgumentsDoneEvent',
    property: 'name',
    relax: 'optional',
    reason: 'streams recorded before the specification added `name` to `response.function_call_arguments.done` lack it; the encoder writes it',
  },
];
/** What the encoders may write beyond the specification: only what the API itself writes. */
const encoderExceptions: readonly SpecException[] = [userNull, usageNullInStream];

/** The data of every SSE event in `text` except `[DONE]`, parsed. */
function sseJson(text: string): unknown[] {
  const events: unknown[] = [];
  const parser = new SseParser({ onEvent: (event) => (event.data === '[DONE]' ? undefined : events.push(JSON.parse(event.data))) });
  parser.push(Buffer.from(text, 'utf8'));
  parser.end();
  return events;
}

function decodeWhole(format: string, name: string): CanonicalResponse {
  const codec = findFormat(format)!;
  return codec.decodeResponse(codec.responseSchema.parse(fixtures(format).fixtureJson(name)));
}

function decodeStream(format: string, name: string): CanonicalStreamPart[] {
  const decoder = findFormat(format)!.createStreamDecoder();
  return [...decoder.push(fixtures(format).fixture(name)), ...decoder.end()];
}

function encodeStream(target: 'openai-chat' | 'openai-responses', parts: readonly CanonicalStreamPart[]): unknown[] {
  const encoder = findFormat(target)!.createStreamEncoder({ metadata: { id: 'chatcmpl-spec', model: 'spec-model', created: 1_700_000_000 }, includeUsage: true });
  let text = '';
  for (const part of parts) text += encoder.encode(part);
  return sseJson(text + encoder.end());
}

const wholeSchema: Record<'openai-chat' | 'openai-responses', OpenAiSpecSchema> = { 'openai-chat': 'CreateChatCompletionResponse', 'openai-responses': 'Response' };
const chunkSchema: Record<'openai-chat' | 'openai-responses', OpenAiSpecSchema> = { 'openai-chat': 'CreateChatCompletionStreamResponse', 'openai-responses': 'ResponseStreamEvent' };

describe('OpenAI answers against the OpenAPI specification', () => {
  it('recorded OpenAI answers (what pass-through forwards) validate', () => {
    expect(checkOpenAiSpec('CreateChatCompletionResponse', fixtures('openai-chat').fixtureJson('chat-response.json'), recordedApiExceptions)).toEqual([]);
    expect(checkOpenAiSpec('Response', fixtures('openai-responses').fixtureJson('responses-response.json'), recordedApiExceptions)).toEqual([]);
    for (const name of sources[0].streams) for (const chunk of sseJson(fixtures('openai-chat').fixtureText(name))) expect(checkOpenAiSpec('CreateChatCompletionStreamResponse', chunk, recordedApiExceptions)).toEqual([]);
    for (const name of sources[1].streams) for (const event of sseJson(fixtures('openai-responses').fixtureText(name))) expect(checkOpenAiSpec('ResponseStreamEvent', event, recordedApiExceptions)).toEqual([]);
  });

  for (const target of ['openai-chat', 'openai-responses'] as const) {
    for (const source of sources) {
      for (const name of source.whole) {
        it(`${source.format} ${name} converted to ${target} validates`, () => {
          const encoded = findFormat(target)!.encodeResponse(decodeWhole(source.format, name));
          expect(checkOpenAiSpec(wholeSchema[target], encoded, encoderExceptions)).toEqual([]);
        });
      }
      for (const name of source.streams) {
        it(`${source.format} ${name} streamed as ${target} validates chunk by chunk`, () => {
          const events = encodeStream(target, decodeStream(source.format, name));
          expect(events.length).toBeGreaterThan(2);
          for (const event of events) expect(checkOpenAiSpec(chunkSchema[target], event, encoderExceptions)).toEqual([]);
        });
      }
    }
  }

  // The provider replay corpus's answers with sources, tool calls or server tools, converted whole and streamed. The chat
  // stream delta schema names no `annotations`; it is an extra property there, as search models stream it.
  for (const replay of loadReplayCases().filter((item) => item.expect.citations || item.expect.toolCalls || item.expect.serverTools)) {
    for (const target of ['openai-chat', 'openai-responses'] as const) {
      it(`${replay.name} converted to ${target} validates, whole and streamed, with its annotations`, () => {
        const codec = findFormat(replay.wire)!;
        const encoded = findFormat(target)!.encodeResponse(codec.decodeResponse(codec.responseSchema.parse(replay.whole)));
        expect(checkOpenAiSpec(wholeSchema[target], encoded, encoderExceptions)).toEqual([]);
        const decoder = codec.createStreamDecoder();
        const events = encodeStream(target, [...decoder.push(Buffer.from(replayStreamText(replay), 'utf8')), ...decoder.end()]);
        for (const event of events) expect(checkOpenAiSpec(chunkSchema[target], event, encoderExceptions)).toEqual([]);
        const annotated = JSON.stringify(events).includes('url_citation');
        expect(annotated).toBe(replay.expect.citations !== undefined);
      });
    }
  }

  it('a converted chat answer carries logprobs and refusal as null, as OpenAI sends them', () => {
    const encoded = findFormat('openai-chat')!.encodeResponse(decodeWhole('anthropic-messages', 'messages-response.json')) as { choices: Array<Record<string, unknown> & { message: Record<string, unknown> }> };
    expect(encoded.choices[0].logprobs).toBeNull();
    expect(encoded.choices[0].message.refusal).toBeNull();
  });

  it('converted Responses usage names cache writes, 0 when there were none', () => {
    const encoded = findFormat('openai-responses')!.encodeResponse(decodeWhole('gemini', 'generate-content-response.json')) as { usage: { input_tokens_details: Record<string, number> } };
    expect(encoded.usage.input_tokens_details).toEqual({ cached_tokens: expect.any(Number) as number, cache_write_tokens: 0 });
  });
});
