import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { anthropicMessagesFormat } from './anthropic-messages/anthropic-messages-format';
import { geminiFormat } from './gemini/gemini-format';
import { geminiSkipSignatureValidator } from './gemini/gemini-request-codec';
import type { GeminiRequest, GeminiResponse } from './gemini/gemini-schema';
import { openAiChatFormat } from './openai-chat/openai-chat-format';
import { openAiResponsesFormat } from './openai-responses/openai-responses-format';
import { openToolCallId, sealedSignatureMaxLength, sealToolCallId, unsealedToolCallId } from './tool-call-signature';

const gemini = fixturesBeside(new URL('./gemini/', import.meta.url));
/** The signature Gemini bound to the first call of the fixture answer. */
const realSignature = 'CiIBVKhc7l5mzkoZSRQ=';

/** The model turn's parts of the Gemini request built from a replayed history. */
function modelParts(request: GeminiRequest): unknown[] {
  return request.contents.find((content) => content.role === 'model')?.parts ?? [];
}

describe('tool call signatures sealed in call ids', () => {
  it('seals and opens a signature, and leaves plain, empty and oversized ones alone', () => {
    const sealed = sealToolCallId('toolu_01', realSignature);
    expect(sealed).toBe('toolu_01_tpsig_Q2lJQlZLaGM3bDVtemtvWlNSUT0');
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(openToolCallId(sealed)).toEqual({ id: 'toolu_01', signature: realSignature });
    expect(unsealedToolCallId(sealed)).toBe('toolu_01');
    expect(openToolCallId('call_abc')).toEqual({ id: 'call_abc' });
    expect(sealToolCallId('call_abc', undefined)).toBe('call_abc');
    expect(sealToolCallId('call_abc', '')).toBe('call_abc');
    expect(sealToolCallId('call_abc', 'x'.repeat(sealedSignatureMaxLength + 1))).toBe('call_abc');
  });

  it('Gemini → Anthropic client → Gemini: the replayed call carries Gemini’s own signature, not the placeholder', () => {
    const answer = geminiFormat.decodeResponse(gemini.fixtureJson<GeminiResponse>('generate-content-response-function-call.json'));
    const encoded = anthropicMessagesFormat.encodeResponse(answer);
    const toolUses = encoded.content.filter((block) => block.type === 'tool_use') as Array<{ id: string; name: string; input: unknown }>;
    expect(openToolCallId(toolUses[0].id).signature).toBe(realSignature);
    expect(openToolCallId(toolUses[1].id).signature).toBeUndefined();
    const replay = anthropicMessagesFormat.requestSchema.parse({
      model: 'gemini-3-pro-preview',
      max_tokens: 1000,
      messages: [
        { role: 'user', content: 'Weather and time in Paris?' },
        { role: 'assistant', content: toolUses.map((block) => ({ type: 'tool_use', id: block.id, name: block.name, input: block.input })) },
        { role: 'user', content: toolUses.map((block) => ({ type: 'tool_result', tool_use_id: block.id, content: 'ok' })) },
      ],
    });
    const upstream = geminiFormat.encodeRequest(anthropicMessagesFormat.decodeRequest(replay));
    expect(modelParts(upstream)).toEqual([
      { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: realSignature },
      { functionCall: { name: 'get_time', args: {} } },
    ]);
    expect(JSON.stringify(upstream)).not.toContain(geminiSkipSignatureValidator);
    expect(JSON.stringify(upstream)).not.toContain('_tpsig_');
  });

  it('Gemini stream → OpenAI chat client → Gemini: the streamed call id carries the signature back', () => {
    const decoder = geminiFormat.createStreamDecoder();
    const parts = [...decoder.push(readFileSync(new URL('./gemini/__fixtures__/stream-function-call.sse', import.meta.url))), ...decoder.end()];
    const encoder = openAiChatFormat.createStreamEncoder({ metadata: { id: 'chatcmpl-1', model: 'gemini-3-pro-preview', created: 1 }, includeUsage: false });
    const text = parts.map((part) => encoder.encode(part)).join('') + encoder.end();
    const ids = [...text.matchAll(/"id":"(call[^"]*|[^"]*_tpsig_[^"]*)"/g)].map((match) => match[1]);
    const sealedId = ids.find((id) => id.includes('_tpsig_'));
    expect(sealedId && openToolCallId(sealedId).signature).toBe(realSignature);
    const replay = openAiChatFormat.requestSchema.parse({
      model: 'gemini-3-pro-preview',
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        { role: 'assistant', content: null, tool_calls: [{ id: sealedId, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        { role: 'tool', tool_call_id: sealedId, content: 'sunny' },
      ],
    });
    const upstream = geminiFormat.encodeRequest(openAiChatFormat.decodeRequest(replay));
    expect(modelParts(upstream)).toEqual([{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: realSignature }]);
    expect(upstream.contents.at(-1)?.parts).toEqual([expect.objectContaining({ functionResponse: expect.objectContaining({ name: 'get_weather' }) })]);
  });

  it('Gemini → Responses client → Gemini: call_id carries the signature; history from elsewhere still gets the placeholder', () => {
    const answer = geminiFormat.decodeResponse(gemini.fixtureJson<GeminiResponse>('generate-content-response-function-call.json'));
    const output = (openAiResponsesFormat.encodeResponse(answer) as { output: Array<{ type: string; call_id?: string; name?: string; arguments?: string }> }).output;
    const calls = output.filter((item) => item.type === 'function_call');
    const replay = openAiResponsesFormat.requestSchema.parse({
      model: 'gemini-3-pro-preview',
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: calls[0].call_id, name: calls[0].name, arguments: calls[0].arguments },
        { type: 'function_call_output', call_id: calls[0].call_id, output: 'sunny' },
      ],
    });
    expect(modelParts(geminiFormat.encodeRequest(openAiResponsesFormat.decodeRequest(replay)))).toEqual([
      { functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: realSignature },
    ]);
    const foreign = openAiResponsesFormat.requestSchema.parse({
      model: 'gemini-3-pro-preview',
      input: [
        { role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'call_from_gpt', name: 'get_weather', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_from_gpt', output: 'sunny' },
      ],
    });
    expect(modelParts(geminiFormat.encodeRequest(openAiResponsesFormat.decodeRequest(foreign)))).toEqual([
      { functionCall: { id: 'call_from_gpt', name: 'get_weather', args: {} }, thoughtSignature: geminiSkipSignatureValidator },
    ]);
  });
});
