import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalStreamPart } from '../canonical-model';
import { parseSseChunks } from '../sse-parser';
import { OpenAiResponsesStreamDecoder } from './openai-responses-stream-decoder';
import { OpenAiResponsesStreamEncoder } from './openai-responses-stream-encoder';

const { fixture } = fixturesBeside(import.meta.url);

function decodeAll(chunks: Uint8Array[]): { parts: CanonicalStreamPart[]; decoder: OpenAiResponsesStreamDecoder } {
  const decoder = new OpenAiResponsesStreamDecoder();
  const parts: CanonicalStreamPart[] = [];
  for (const chunk of chunks) parts.push(...decoder.push(chunk));
  parts.push(...decoder.end());
  return { parts, decoder };
}

function sse(events: Record<string, unknown>[]): Buffer {
  return Buffer.from(events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join(''));
}

const textParts: CanonicalStreamPart[] = [
  { type: 'text-delta', text: 'Bonjour' },
  { type: 'text-delta', text: ', 世界' },
  { type: 'text-delta', text: ' 👋' },
  { type: 'finish', reason: 'stop' },
  { type: 'usage', usage: { inputTokens: 1290, outputTokens: 4, cacheReadTokens: 1152, cacheWriteTokens: 0, reasoningTokens: 0 } },
];

const reasoningToolParts: CanonicalStreamPart[] = [
  { type: 'reasoning-delta', text: '**Checking' },
  { type: 'reasoning-delta', text: ' the weather**\n\nThe user wants Paris.' },
  { type: 'reasoning-delta', text: '\n\n' },
  { type: 'reasoning-delta', text: 'I should call get_weather.' },
  { type: 'reasoning-delta', text: '', signature: 'gAAAAABoofHU-enc-state==' },
  { type: 'tool-call-start', index: 1, id: 'call_Wq8zP1xR2sT3uV4w', name: 'get_weather' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{"' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: 'city' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '":"' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: 'Paris' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '"}' },
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: 'tool-calls' },
  { type: 'usage', usage: { inputTokens: 64, outputTokens: 150, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 128 } },
];

describe('OpenAiResponsesStreamDecoder', () => {
  it('decodes a CRLF text stream with a keep-alive comment, split at every seventh byte', () => {
    const bytes = fixture('responses-stream-text.sse');
    for (let at = 0; at <= bytes.length; at += 7) {
      const { parts, decoder } = decodeAll([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(parts).toEqual(textParts);
      expect(decoder.done).toBe(true);
    }
    const { decoder } = decodeAll([bytes]);
    expect(decoder.metadata).toEqual({ id: 'resp_68a1f0c2e4b08190b7f1c3d5e7a9b1c30d2f4e6a8b0c2d4e', model: 'gpt-4.1-mini-2025-04-14', created: 1755443394 });
  });

  it('decodes reasoning summaries, the encrypted state and a function call keyed by output index', () => {
    const bytes = fixture('responses-stream-reasoning-tool.sse');
    expect(decodeAll([bytes]).parts).toEqual(reasoningToolParts);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 13) }, (_, index) => bytes.subarray(index * 13, index * 13 + 13));
    expect(decodeAll(chunks).parts).toEqual(reasoningToolParts);
  });

  it('takes text and arguments from done events and whole items when a server sends no deltas', () => {
    const { parts } = decodeAll([
      sse([
        { type: 'response.created', response: { id: 'resp_x', model: 'qwen3', created_at: 5, status: 'in_progress', output: [] } },
        { type: 'response.output_item.added', output_index: 0, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [] } },
        { type: 'response.output_text.done', item_id: 'msg_1', output_index: 0, content_index: 0, text: 'whole text' },
        { type: 'response.output_item.done', output_index: 0, item: { id: 'msg_1', type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'whole text' }] } },
        { type: 'response.output_item.added', output_index: 1, item: { id: 'fc_1', type: 'function_call', call_id: 'call_9', name: 'f', arguments: '{"a":1}' } },
        { type: 'response.output_item.done', output_index: 1, item: { id: 'fc_1', type: 'function_call', call_id: 'call_9', name: 'f', arguments: '{"a":1}' } },
        { type: 'response.output_item.done', output_index: 2, item: { id: 'fc_2', type: 'function_call', call_id: 'call_10', name: 'g', arguments: '{}' } },
        { type: 'response.output_item.done', output_index: 3, item: { id: 'rs_1', type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'raw thoughts' }] } },
        { type: 'response.completed', response: { id: 'resp_x', status: 'completed', output: [] } },
      ]),
    ]);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'whole text' },
      { type: 'tool-call-start', index: 1, id: 'call_9', name: 'f' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{"a":1}' },
      { type: 'tool-call-end', index: 1 },
      { type: 'tool-call-start', index: 2, id: 'call_10', name: 'g' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 2 },
      { type: 'reasoning-delta', text: 'raw thoughts' },
      { type: 'finish', reason: 'tool-calls' },
    ]);
  });

  it('reports an error event once even when response.failed follows, and reads incomplete answers', () => {
    const failed = decodeAll([
      sse([
        { type: 'response.created', response: { id: 'resp_f', model: 'm', created_at: 1, status: 'in_progress', output: [] } },
        { type: 'error', sequence_number: 1, error: { type: 'too_many_requests', code: 'too_many_requests', message: 'Too Many Requests', param: null } },
        { type: 'response.failed', sequence_number: 2, response: { id: 'resp_f', status: 'failed', error: { code: 'rate_limit_exceeded', message: 'Too Many Requests' }, output: [], usage: null } },
      ]),
    ]);
    expect(failed.parts).toEqual([{ type: 'error', error: { message: 'Too Many Requests', type: 'too_many_requests', code: 'too_many_requests' } }]);
    const onlyFailed = decodeAll([sse([{ type: 'response.failed', response: { id: 'r', status: 'failed', error: { code: 'server_error', message: 'oops' } } }])]);
    expect(onlyFailed.parts).toEqual([{ type: 'error', error: { message: 'oops', code: 'server_error' } }]);
    const incomplete = decodeAll([
      sse([
        { type: 'response.output_text.delta', output_index: 0, content_index: 0, delta: 'cut' },
        { type: 'response.incomplete', response: { id: 'r', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, usage: { input_tokens: 3, output_tokens: 16 } } },
      ]),
    ]);
    expect(incomplete.parts).toEqual([
      { type: 'text-delta', text: 'cut' },
      { type: 'finish', reason: 'length' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 16, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ]);
  });

  it('reads events without event lines, skips non-JSON data and closes calls cut by the stream end', () => {
    const decoder = new OpenAiResponsesStreamDecoder();
    const parts = decoder.push(
      Buffer.from(
        'data: not json\n\n' +
          'data: {"type":"response.output_item.added","output_index":0,"item":{"type":"function_call","call_id":"c","name":"f","arguments":""}}\n\n' +
          'data: {"type":"response.function_call_arguments.delta","output_index":0,"delta":"{\\"q\\""}\n\n',
      ),
    );
    expect(parts).toEqual([
      { type: 'tool-call-start', index: 0, id: 'c', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q"' },
    ]);
    expect(decoder.end()).toEqual([{ type: 'tool-call-end', index: 0 }]);
    expect(decoder.malformedEventCount).toBe(1);
    expect(decoder.done).toBe(false);
  });
});

describe('OpenAiResponsesStreamEncoder', () => {
  const metadata = { id: 'resp_out', model: 'gpt-4.1', created: 1700000000 };
  const usage = { inputTokens: 12, outputTokens: 9, cacheReadTokens: 4, cacheWriteTokens: 0, reasoningTokens: 5 };
  const source: CanonicalStreamPart[] = [
    { type: 'reasoning-delta', text: 'Think' },
    { type: 'reasoning-delta', text: 'ing.' },
    { type: 'reasoning-delta', text: '', signature: 'enc-state' },
    { type: 'text-delta', text: 'Checking' },
    { type: 'text-delta', text: '.' },
    { type: 'tool-call-start', index: 7, id: 'toolu_1', name: 'search' },
    { type: 'tool-call-delta', index: 7, argumentsDelta: '{"q":' },
    { type: 'tool-call-delta', index: 7, argumentsDelta: '"x"}' },
    { type: 'tool-call-end', index: 7 },
    { type: 'finish', reason: 'tool-calls' },
    { type: 'usage', usage },
  ];

  function encodeAll(parts: readonly CanonicalStreamPart[]): string {
    const encoder = new OpenAiResponsesStreamEncoder({ metadata });
    return parts.map((part) => encoder.encode(part)).join('') + encoder.end();
  }

  it('writes the full event sequence with event lines, sequence numbers, indexes and item ids', () => {
    const events = parseSseChunks([Buffer.from(encodeAll(source))]);
    const payloads = events.map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(events.map((event) => event.event)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.delta',
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(payloads.map((payload) => payload.type)).toEqual(events.map((event) => event.event));
    expect(payloads.map((payload) => payload.sequence_number)).toEqual(payloads.map((_, index) => index));
    expect(payloads[8]).toMatchObject({ output_index: 0, item: { id: 'rs_out_0', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Thinking.' }], encrypted_content: 'enc-state' } });
    expect(payloads[12]).toMatchObject({ item_id: 'msg_out_1', output_index: 1, content_index: 0, delta: '.' });
    expect(payloads[19]).toMatchObject({ item_id: 'fc_out_2', output_index: 2, name: 'search', arguments: '{"q":"x"}' });
    expect(payloads[21]).toMatchObject({
      response: {
        id: 'resp_out',
        status: 'completed',
        output: [{ id: 'rs_out_0' }, { id: 'msg_out_1', content: [{ text: 'Checking.' }] }, { id: 'fc_out_2', call_id: 'toolu_1', status: 'completed' }],
        usage: { input_tokens: 12, input_tokens_details: { cached_tokens: 4 }, output_tokens: 9, output_tokens_details: { reasoning_tokens: 5 }, total_tokens: 21 },
      },
    });
  });

  it('round-trips through the decoder (tool calls are re-keyed by output index)', () => {
    const { parts, decoder } = decodeAll([Buffer.from(encodeAll(source))]);
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: 'Think' },
      { type: 'reasoning-delta', text: 'ing.' },
      { type: 'reasoning-delta', text: '', signature: 'enc-state' },
      { type: 'text-delta', text: 'Checking' },
      { type: 'text-delta', text: '.' },
      { type: 'tool-call-start', index: 2, id: 'toolu_1', name: 'search' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '{"q":' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '"x"}' },
      { type: 'tool-call-end', index: 2 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage },
    ]);
    expect(decoder.metadata).toEqual(metadata);
  });

  it('ends a length-limited answer with response.incomplete and an error with an error event and response.failed', () => {
    const incomplete = parseSseChunks([Buffer.from(encodeAll([{ type: 'text-delta', text: 'cut' }, { type: 'finish', reason: 'length' }]))]);
    expect(incomplete.at(-1)?.event).toBe('response.incomplete');
    expect(JSON.parse(incomplete.at(-1)?.data ?? '{}')).toMatchObject({ response: { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [{ status: 'incomplete' }] } });
    const failedText = encodeAll([{ type: 'text-delta', text: 'a' }, { type: 'error', error: { message: 'upstream died', code: 'server_error' } }]);
    const failed = parseSseChunks([Buffer.from(failedText)]);
    expect(failed.slice(-2).map((event) => event.event)).toEqual(['error', 'response.failed']);
    expect(JSON.parse(failed.at(-2)?.data ?? '{}')).toEqual({ type: 'error', sequence_number: 8, code: 'server_error', message: 'upstream died', param: null });
    expect(decodeAll([Buffer.from(failedText)]).parts).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'error', error: { message: 'upstream died', code: 'server_error' } },
    ]);
  });

  it('is accepted by the openai SDK stream helper, which checks every index against its snapshot', async () => {
    const body = encodeAll(source);
    const client = new OpenAI({
      apiKey: 'sk-test',
      baseURL: 'http://127.0.0.1:1/v1',
      fetch: () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
    });
    const stream = client.responses.stream({ model: 'gpt-4.1', input: 'hi' });
    const deltas: string[] = [];
    stream.on('response.output_text.delta', (event) => deltas.push(event.delta));
    const final = await stream.finalResponse();
    expect(deltas).toEqual(['Checking', '.']);
    expect(final.output_text).toBe('Checking.');
    expect(final.output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call']);
    expect(final.usage?.output_tokens_details.reasoning_tokens).toBe(5);
  });
});
