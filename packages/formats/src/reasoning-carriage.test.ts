import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { anthropicMessagesFormat } from './anthropic-messages/anthropic-messages-format';
import type { AnthropicMessagesRequest } from './anthropic-messages/anthropic-messages-schema';
import type { CanonicalPart, CanonicalRequest, CanonicalResponse, FormatId } from './canonical-model';
import { collectStreamParts, streamPartsOf } from './canonical-stream-collect';
import type { Format } from './format-contract';
import { geminiFormat } from './gemini/gemini-format';
import { geminiSkipSignatureValidator } from './gemini/gemini-request-codec';
import type { GeminiRequest, GeminiResponse } from './gemini/gemini-schema';
import { openAiChatFormat } from './openai-chat/openai-chat-format';
import { openAiResponsesFormat } from './openai-responses/openai-responses-format';
import { brokenEnvelopeWarning, foldAnswerReasoning, openRequestReasoning, StreamReasoningFolder } from './reasoning-carriage';
import { createReasoningEnvelope, reasoningEnvelopeMaxLength, reasoningEnvelopePrefix } from './reasoning-envelope';
import { openToolCallId, sealToolCallId, unsealedToolCallId } from './tool-call-signature';

const envelope = createReasoningEnvelope('test-session-secret-0123456789');
const formats: Record<FormatId, Format> = {
  'anthropic-messages': anthropicMessagesFormat as Format,
  gemini: geminiFormat as Format,
  'openai-chat': openAiChatFormat as Format,
  'openai-responses': openAiResponsesFormat as Format,
};

const geminiFixtures = fixturesBeside(new URL('./gemini/', import.meta.url));
const fixtureBytes = (folder: string, name: string): Buffer => readFileSync(new URL(`./${folder}/__fixtures__/${name}`, import.meta.url));

/** Anthropic's streamed answer: signed thinking, text, two tool calls. */
const anthropicThinking = { text: 'The user wants weather and the time in Paris.', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds7Ayq0Ty8qZnK0jYdTe6xH9b=' };
/** The thought signature Gemini bound to the first call of its fixture answer. */
const geminiSignature = 'CiIBVKhc7l5mzkoZSRQ=';
/** The Responses fixture's encrypted reasoning and summary. */
const responsesEncrypted = 'gAAAAABoofHU-enc-state==';

/** `length` characters of base64 that deflate cannot shrink (a hash chain: the same on every run). */
function incompressible(length: number): string {
  const blocks: Buffer[] = [];
  let block = createHash('sha256').update('seed').digest();
  for (let size = 0; size < length; size += 44) {
    blocks.push(block);
    block = createHash('sha256').update(block).digest();
  }
  return Buffer.concat(blocks).toString('base64').slice(0, length);
}

/** The upstream's streamed answer as the client receives it, decoded back the way the client's SDK reads it. */
function streamedThrough(upstream: FormatId, fixture: Buffer, client: FormatId): CanonicalResponse {
  const decoder = formats[upstream].createStreamDecoder();
  const parts = [...decoder.push(fixture), ...decoder.end()];
  const folder = new StreamReasoningFolder(envelope, formats[client].reasoningReturn);
  const encoder = formats[client].createStreamEncoder({ metadata: { id: 'a1', model: 'm', created: 1 }, includeUsage: true });
  const text = parts.map((part) => {
    const folded = folder.fold(part);
    return folded ? encoder.encode(folded) : '';
  }).join('') + encoder.end();
  const clientDecoder = formats[client].createStreamDecoder();
  const received = [...clientDecoder.push(Buffer.from(text)), ...clientDecoder.end()];
  return collectStreamParts(received, { id: 'a1', model: 'm', created: 1 });
}

/** A whole upstream answer as the client receives it, decoded back the way the client's SDK reads it. */
function answeredThrough(answer: CanonicalResponse, client: FormatId): CanonicalResponse {
  const body = formats[client].encodeResponse(foldAnswerReasoning(answer, envelope, formats[client].reasoningReturn));
  return formats[client].decodeResponse(JSON.parse(JSON.stringify(body)));
}

/**
 * The client's next request: its history with the assistant turn it received (Gemini CLI drops thought parts, chat
 * clients have nowhere to put reasoning), the tool results, decoded by Turnpike and encoded for the upstream.
 */
function replayed(received: CanonicalResponse, client: FormatId, upstream: FormatId): unknown {
  const calls = received.parts.filter((part): part is Extract<CanonicalPart, { type: 'tool-call' }> => part.type === 'tool-call');
  const history: CanonicalRequest = {
    model: 'm',
    stream: false,
    maxTokens: 4096,
    messages: [
      { role: 'user', parts: [{ type: 'text', text: 'Weather and time in Paris?' }] },
      { role: 'assistant', parts: received.parts },
      { role: 'tool', parts: calls.map((call) => ({ type: 'tool-result', toolCallId: call.id, content: 'ok' })) },
    ],
  };
  let body = JSON.parse(JSON.stringify(formats[client].encodeRequest(history))) as Record<string, unknown>;
  if (client === 'gemini') body = dropThoughts(body as unknown as GeminiRequest);
  const request = formats[client].decodeRequest(formats[client].requestSchema.parse(body), { model: 'm', stream: false });
  const opened = openRequestReasoning(request, envelope);
  expect(opened.warnings ?? []).not.toContain(brokenEnvelopeWarning);
  return formats[upstream].encodeRequest({ ...opened, model: 'm' });
}

/** What Gemini CLI keeps of a model turn: everything but thought parts. */
function dropThoughts(request: GeminiRequest): Record<string, unknown> {
  return { ...request, contents: request.contents.map((content) => ({ ...content, parts: (content.parts ?? []).filter((part) => part.thought !== true) })) } as Record<string, unknown>;
}

const anthropicAssistant = (request: unknown): unknown => (request as AnthropicMessagesRequest).messages.find((message) => message.role === 'assistant')?.content;
const geminiModelParts = (request: unknown): unknown[] => (request as GeminiRequest).contents.find((content) => content.role === 'model')?.parts ?? [];
const responsesHistory = (request: unknown): unknown[] => ((request as { input: Array<{ type?: string }> }).input ?? []).filter((item) => item.type === 'reasoning' || item.type === 'function_call');

const thinkingThenCalls = [
  { type: 'thinking', thinking: anthropicThinking.text, signature: anthropicThinking.signature },
  { type: 'text', text: 'Let me check both.' },
  { type: 'tool_use', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', input: { city: 'Paris' } },
  { type: 'tool_use', id: 'toolu_01VHn2YRnAHm3pGd3U7GQkRs', name: 'get_time', input: {} },
];

describe('reasoning envelopes', () => {
  it('seal and open under one secret, refuse other secrets, damage and foreign strings, and bound their size', () => {
    const content = { reasoning: [{ type: 'reasoning' as const, text: 'why', signature: 'sig' }, { type: 'reasoning' as const, text: '', signature: 'data', redacted: true }], signature: 'own' };
    const token = envelope.seal(content);
    expect(token).toMatch(new RegExp(`^${reasoningEnvelopePrefix}[A-Za-z0-9_-]+$`));
    expect(envelope.open(token ?? '')).toEqual(content);
    // Another deployment (another session secret) cannot open it; the same secret on another instance can.
    expect(createReasoningEnvelope('another-secret-0123456789').open(token ?? '')).toBeUndefined();
    expect(createReasoningEnvelope('test-session-secret-0123456789').open(token ?? '')).toEqual(content);
    const flipped = `${token?.slice(0, -2)}${token?.at(-2) === 'A' ? 'B' : 'A'}${token?.at(-1)}`;
    expect(envelope.open(flipped)).toBeUndefined();
    expect(envelope.open(token?.slice(0, 30) ?? '')).toBeUndefined();
    expect(envelope.open('tpr1_')).toBeUndefined();
    expect(envelope.open('CiIBVKhc7l5mzkoZSRQ=')).toBeUndefined();
    // Incompressible reasoning beyond the bound is not sealed.
    expect(envelope.seal({ reasoning: [{ type: 'reasoning', text: incompressible(2 * reasoningEnvelopeMaxLength), signature: 's' }] })).toBeUndefined();
    const justFits = envelope.seal({ reasoning: [{ type: 'reasoning', text: incompressible(reasoningEnvelopeMaxLength / 2), signature: 's' }] });
    expect(justFits?.length).toBeLessThanOrEqual(reasoningEnvelopeMaxLength);
    expect(envelope.open(`${reasoningEnvelopePrefix}${'A'.repeat(reasoningEnvelopeMaxLength)}`)).toBeUndefined();
  });

  it('ride in tool call ids after the call’s own id; plain ids and raw signatures pass unchanged', () => {
    const token = envelope.seal({ reasoning: [], signature: geminiSignature }) ?? '';
    const sealed = sealToolCallId('toolu_01', token);
    expect(sealed).toBe(`toolu_01_${token}`);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openToolCallId(sealed)).toEqual({ id: 'toolu_01', signature: token });
    expect(unsealedToolCallId(sealed)).toBe('toolu_01');
    expect(openToolCallId('call_abc')).toEqual({ id: 'call_abc' });
    expect(sealToolCallId('call_abc', geminiSignature)).toBe('call_abc');
    expect(sealToolCallId('call_abc', undefined)).toBe('call_abc');
  });
});

describe('Anthropic thinking through clients of other formats and back', () => {
  const anthropicStream = fixtureBytes('anthropic-messages', 'messages-stream-thinking-tools.sse');

  for (const client of ['gemini', 'openai-chat', 'openai-responses'] as const) {
    it(`${client} client (stream): the signed thinking block comes back before the tool_use blocks, ids as Anthropic issued them`, () => {
      const received = streamedThrough('anthropic-messages', anthropicStream, client);
      // The client still sees the reasoning text.
      if (client !== 'openai-chat') expect(received.parts.find((part) => part.type === 'reasoning')).toMatchObject({ text: anthropicThinking.text });
      expect(JSON.stringify(received)).not.toContain(anthropicThinking.signature);
      expect(anthropicAssistant(replayed(received, client, 'anthropic-messages'))).toEqual(thinkingThenCalls);
    });
  }

  it('redacted thinking comes back as redacted_thinking with its data, through chat, Gemini and Responses clients', () => {
    const answer: CanonicalResponse = {
      id: 'msg_1',
      model: 'claude-sonnet-4-5',
      created: 1,
      finishReason: 'tool-calls',
      parts: [
        { type: 'reasoning', text: '', signature: 'EmwKAhgBEgy3va3pzix/LafPsn4a', redacted: true },
        { type: 'reasoning', text: 'Now the tool.', signature: 'sig-2' },
        { type: 'tool-call', id: 'toolu_02', name: 'get_time', arguments: '{}' },
      ],
    };
    for (const client of ['gemini', 'openai-chat', 'openai-responses'] as const) {
      expect(anthropicAssistant(replayed(answeredThrough(answer, client), client, 'anthropic-messages')), client).toEqual([
        { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix/LafPsn4a' },
        { type: 'thinking', thinking: 'Now the tool.', signature: 'sig-2' },
        { type: 'tool_use', id: 'toolu_02', name: 'get_time', input: {} },
      ]);
    }
  });

  it('thinking too large for the envelope is not sealed: the call goes back alone (the client sees the text)', () => {
    const huge = incompressible(2 * reasoningEnvelopeMaxLength);
    const answer: CanonicalResponse = {
      id: 'msg_1',
      model: 'claude-sonnet-4-5',
      created: 1,
      finishReason: 'tool-calls',
      parts: [{ type: 'reasoning', text: huge, signature: 'sig' }, { type: 'tool-call', id: 'toolu_03', name: 'get_time', arguments: '{}' }],
    };
    const received = answeredThrough(answer, 'openai-chat');
    expect(received.parts.find((part) => part.type === 'tool-call')).toMatchObject({ id: 'toolu_03' });
    expect(anthropicAssistant(replayed(received, 'openai-chat', 'anthropic-messages'))).toEqual([{ type: 'tool_use', id: 'toolu_03', name: 'get_time', input: {} }]);
  });

  it('a damaged envelope is dropped with a warning, never sent upstream', () => {
    const token = envelope.seal({ reasoning: [{ type: 'reasoning', text: 't', signature: 's' }] }) ?? '';
    const request = openAiChatFormat.decodeRequest(
      openAiChatFormat.requestSchema.parse({
        model: 'm',
        messages: [
          { role: 'user', content: 'x' },
          { role: 'assistant', content: null, tool_calls: [{ id: `call_1_${token.slice(0, -4)}AAAA`, type: 'function', function: { name: 'f', arguments: '{}' } }] },
          { role: 'tool', tool_call_id: `call_1_${token.slice(0, -4)}AAAA`, content: 'ok' },
        ],
      }),
    );
    const opened = openRequestReasoning(request, envelope);
    expect(opened.warnings).toContain(brokenEnvelopeWarning);
    const upstream = anthropicMessagesFormat.encodeRequest({ ...opened, maxTokens: 100 });
    expect(anthropicAssistant(upstream)).toEqual([{ type: 'tool_use', id: 'call_1', name: 'f', input: {} }]);
    expect(JSON.stringify(upstream)).not.toContain(reasoningEnvelopePrefix);
  });
});

describe('Gemini thought signatures through clients of other formats and back', () => {
  const answer = (): CanonicalResponse => geminiFormat.decodeResponse(geminiFixtures.fixtureJson<GeminiResponse>('generate-content-response-function-call.json'));

  for (const client of ['anthropic-messages', 'openai-chat', 'openai-responses'] as const) {
    it(`${client} client: the replayed call carries Gemini’s own signature, not the placeholder`, () => {
      const upstream = replayed(answeredThrough(answer(), client), client, 'gemini');
      expect(geminiModelParts(upstream)).toEqual([
        { functionCall: expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' } }), thoughtSignature: geminiSignature },
        { functionCall: expect.objectContaining({ name: 'get_time', args: {} }) },
      ]);
      expect(JSON.stringify(upstream)).not.toContain(reasoningEnvelopePrefix);
    });
  }

  it('chat client (stream): the streamed call id carries the signature back', () => {
    const received = streamedThrough('gemini', fixtureBytes('gemini', 'stream-function-call.sse'), 'openai-chat');
    const parts = geminiModelParts(replayed(received, 'openai-chat', 'gemini'));
    expect(parts.find((part) => (part as { functionCall?: unknown }).functionCall !== undefined)).toMatchObject({ functionCall: { name: 'get_weather' }, thoughtSignature: geminiSignature });
  });

  it('history from another model still gets the placeholder', () => {
    const foreign = openAiResponsesFormat.requestSchema.parse({
      model: 'gemini-3-pro-preview',
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_from_gpt', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_from_gpt', output: 'sunny' },
      ],
    });
    expect(geminiModelParts(geminiFormat.encodeRequest(openRequestReasoning(openAiResponsesFormat.decodeRequest(foreign), envelope)))).toEqual([
      { functionCall: { id: 'call_from_gpt', name: 'get_weather', args: {} }, thoughtSignature: geminiSkipSignatureValidator },
    ]);
  });
});

describe('Responses encrypted reasoning through clients of other formats and back', () => {
  const responsesStream = fixtureBytes('openai-responses', 'responses-stream-reasoning-tool.sse');

  for (const client of ['anthropic-messages', 'gemini', 'openai-chat'] as const) {
    it(`${client} client (stream): the reasoning item with its encrypted_content comes back before the function call`, () => {
      const received = streamedThrough('openai-responses', responsesStream, client);
      const history = responsesHistory(replayed(received, client, 'openai-responses'));
      expect(history.map((item) => (item as { type: string }).type)).toEqual(['reasoning', 'function_call']);
      expect(history[0]).toMatchObject({ type: 'reasoning', encrypted_content: responsesEncrypted });
      expect(JSON.stringify(history[1])).not.toContain(reasoningEnvelopePrefix);
    });
  }

  it('a whole answer through a Gemini client: same', () => {
    const decoder = openAiResponsesFormat.createStreamDecoder();
    const answer = collectStreamParts([...decoder.push(responsesStream), ...decoder.end()], { id: 'r', model: 'o4-mini', created: 1 });
    const history = responsesHistory(replayed(answeredThrough(answer, 'gemini'), 'gemini', 'openai-responses'));
    expect(history[0]).toMatchObject({ type: 'reasoning', encrypted_content: responsesEncrypted });
    expect(streamPartsOf(answer).some((part) => part.type === 'reasoning-delta' && part.signature === responsesEncrypted)).toBe(true);
  });
});
