import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '@turnpike/formats';
import { decodeChunks, fixturesBeside, splitsInTwo } from '@turnpike/testing';
import type { AdaptorInput } from '../provider-adaptor';
import { palmAdaptor, palmChatModel } from './palm-adaptor';
import { palmDialect } from './palm-dialect';
import { encodePalmRequest } from './palm-request-codec';

const { fixture, fixtureJson } = fixturesBeside(import.meta.url);
const decodeAll = (chunks: Uint8Array[]) => decodeChunks(palmDialect.createStreamDecoder(), chunks).parts;

const request = (overrides: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  model: 'PaLM-2',
  stream: false,
  messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }],
  ...overrides,
});

const input = (overrides: Partial<AdaptorInput['channel']> = {}, model = 'PaLM-2'): AdaptorInput => ({
  channel: { type: 11, key: 'AIza-secret', baseUrl: '', organization: '', other: '', ...overrides },
  path: '/v1/chat/completions',
  body: '{"prompt":{"messages":[]}}',
  contentType: 'application/json',
  model,
  stream: false,
});

const answerText = 'Bonjour ! Voici trois idées de noms : Luna, Milo et Nala. 🐱';

describe('PaLM request encoding', () => {
  it('puts system text in the context, tags authors 0/1 and keeps the sampling settings', () => {
    const canonical = request({
      temperature: 0.4,
      topP: 0.95,
      topK: 40,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Answer in French.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'Hello! How can I help?' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Suggest three cat names.' }] },
      ],
    });
    expect(encodePalmRequest(canonical)).toEqual({
      prompt: {
        context: 'Answer in French.',
        messages: [
          { author: '0', content: 'Hi' },
          { author: '1', content: 'Hello! How can I help?' },
          { author: '0', content: 'Suggest three cat names.' },
        ],
      },
      temperature: 0.4,
      candidateCount: 1,
      topP: 0.95,
      topK: 40,
    });
    expect(canonical.warnings).toBeUndefined();
  });

  it('merges consecutive turns of one author, sends tool results as user text and warns about the rest', () => {
    const canonical = request({
      temperature: 1.6,
      maxTokens: 256,
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Weather?' }, { type: 'image', url: 'https://x/y.png' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'c', name: 'weather', arguments: '{}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c', content: 'sunny' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Summarise.' }] },
      ],
    });
    expect(encodePalmRequest(canonical)).toEqual({
      prompt: { messages: [{ author: '0', content: 'Weather?\n\nsunny\n\nSummarise.' }] },
      temperature: 1,
      candidateCount: 1,
    });
    expect(canonical.warnings).toEqual([
      'PaLM 2 chat takes text only; an attachment was dropped',
      'PaLM 2 has no tool calling; the assistant\'s call of "weather" was dropped',
      'PaLM 2 temperature ranges over [0, 1]; 1.6 was clamped to 1',
      'PaLM 2 generateMessage has no equivalent; ignored: max_tokens',
    ]);
  });
});

describe('PaLM answers and errors', () => {
  it('decodes the first candidate and reports no usage', () => {
    const body = fixtureJson('palm-answer.json');
    const response = palmDialect.decodeResponse(body);
    expect(response.parts).toEqual([{ type: 'text', text: answerText }]);
    expect(response.finishReason).toBe('stop');
    expect(response.id).toMatch(/^chatcmpl-[0-9a-f-]{36}$/);
    expect(response.usage).toBeUndefined();
    expect(palmDialect.readUsage(body)).toBeUndefined();
    expect(palmDialect.decodeError(body)).toBeUndefined();
  });

  it('finishes a filtered answer with content-filter', () => {
    const body = fixtureJson('palm-filtered.json');
    expect(palmDialect.decodeError(body)).toBeUndefined();
    expect(palmDialect.decodeResponse(body)).toMatchObject({ parts: [], finishReason: 'content-filter' });
  });

  it('reads Google API errors and answers without candidates', () => {
    expect(palmDialect.decodeError(fixtureJson('palm-error-api-key.json'))).toEqual({
      message: 'API key not valid. Please pass a valid API key.',
      type: 'INVALID_ARGUMENT',
      code: '400',
      httpStatus: 400,
    });
    expect(palmDialect.decodeError({})).toEqual({ message: 'PaLM returned no candidates', type: 'upstream_error' });
  });

  it('replays a whole answer fed as bytes at every split', () => {
    const bytes = fixture('palm-answer.json');
    for (const chunks of splitsInTwo(bytes)) {
      expect(decodeAll(chunks)).toEqual([
        { type: 'text-delta', text: answerText },
        { type: 'finish', reason: 'stop' },
      ]);
    }
    const decoder = palmDialect.createStreamDecoder();
    decoder.push(bytes);
    expect(decoder.metadata).toBeUndefined();
    decoder.end();
    expect(decoder.metadata?.id).toMatch(/^chatcmpl-/);
    expect(decodeAll([fixture('palm-error-api-key.json')])).toEqual([
      { type: 'error', error: { message: 'API key not valid. Please pass a valid API key.', type: 'INVALID_ARGUMENT', code: '400', httpStatus: 400 } },
    ]);
    expect(decodeAll([Buffer.from('<html>')])).toEqual([{ type: 'error', error: { message: 'PaLM answered with a body that is not JSON', type: 'upstream_error' } }]);
  });
});

describe('PaLM adaptor', () => {
  it('posts to generateMessage of a chat model with the key in x-goog-api-key', () => {
    expect(palmAdaptor.buildRequest(input())).toEqual({
      url: 'https://generativelanguage.googleapis.com/v1beta2/models/chat-bison-001:generateMessage',
      method: 'POST',
      headers: { 'x-goog-api-key': 'AIza-secret', 'content-type': 'application/json', accept: 'application/json' },
      body: '{"prompt":{"messages":[]}}',
    });
    expect(palmAdaptor.buildRequest(input({ baseUrl: 'https://palm-proxy.example.com/' }, 'models/chat-bison-002')).url).toBe(
      'https://palm-proxy.example.com/v1beta2/models/chat-bison-002:generateMessage',
    );
    expect(palmChatModel('text-bison-001')).toBe('chat-bison-001');
  });

  it('names its dialect and cannot stream', () => {
    expect(palmAdaptor.chatWire?.('PaLM-2', 'gemini')).toBe('palm-generate-message');
    expect(palmAdaptor.dialect).toBe(palmDialect);
    expect(palmAdaptor.streaming).toEqual({ kind: 'none' });
  });
});
