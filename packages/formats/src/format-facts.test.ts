import { describe, expect, it } from 'vitest';
import { anthropicMessagesFormat } from './anthropic-messages/anthropic-messages-format';
import { findFormat, formatEndpointFor, formatPathPrefixes, formatRegistry } from './format-registry';
import { geminiFormat } from './gemini/gemini-format';
import { openAiChatFormat } from './openai-chat/openai-chat-format';

describe('format facts', () => {
  it('gives every endpoint path to exactly one format', () => {
    const paths = formatRegistry.flatMap((format) => format.endpoints.map((endpoint) => endpoint.path));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(['/v1/chat/completions', '/v1/messages', '/v1/responses', '/v1beta/models/']);
  });

  it('finds the format of a path, with the tail of URL-reading endpoints', () => {
    expect(formatEndpointFor('/v1/messages')).toEqual({ format: findFormat('anthropic-messages'), tail: null });
    expect(formatEndpointFor('/v1beta/models/gemini-2.5-flash:generateContent')).toEqual({ format: geminiFormat, tail: 'gemini-2.5-flash:generateContent' });
    expect(formatEndpointFor('/v1/embeddings')).toBeNull();
    expect(formatPathPrefixes().sort()).toEqual(['/v1', '/v1beta']);
  });

  it('reads the Gemini URL: model, streaming, framing, and refuses other actions', () => {
    const readUrl = geminiFormat.readUrl;
    if (!readUrl) throw new Error('Gemini reads its URL');
    expect(readUrl('models%2Fgemini-2.5-pro:streamGenerateContent', { alt: 'sse' })).toEqual({ ok: true, model: 'gemini-2.5-pro', stream: true, framing: 'sse' });
    expect(readUrl('gemini-2.5-pro:streamGenerateContent', {})).toEqual({ ok: true, model: 'gemini-2.5-pro', stream: true, framing: 'json-array' });
    expect(readUrl('gemini-2.5-pro:countTokens', {})).toMatchObject({ ok: false, message: expect.stringContaining('unsupported Gemini method') });
    expect(readUrl('%E0%A4%A', {})).toEqual({ ok: false, message: 'the Gemini model path is not valid percent-encoding' });
  });

  it('prepares bodies in each format: usage in OpenAI chat streams, the model where the format names it', () => {
    const chat: Record<string, unknown> = { stream_options: { foo: 1 } };
    openAiChatFormat.prepareBody(chat, true, null, null);
    expect(chat.stream_options).toEqual({ foo: 1, include_usage: true });
    const whole: Record<string, unknown> = {};
    openAiChatFormat.prepareBody(whole, false, null, null);
    expect(whole).toEqual({});
    const messages: Record<string, unknown> = { model: 'a' };
    anthropicMessagesFormat.setModel(messages, 'b');
    expect(messages.model).toBe('b');
    const gemini: Record<string, unknown> = {};
    geminiFormat.setModel(gemini, 'b');
    expect(gemini).toEqual({});
    expect(anthropicMessagesFormat.prepareBody({ temperature: 1 }, false, 0, null)).toBeUndefined();
  });

  it('declares the settings group and output-limit rule of each upstream', () => {
    expect(Object.fromEntries(formatRegistry.map((format) => [format.id, [format.settingsGroup, format.requiresMaxTokens, format.upstreamPath]]))).toEqual({
      'openai-chat': [null, false, '/v1/chat/completions'],
      'openai-responses': [null, false, '/v1/responses'],
      'anthropic-messages': ['claude', true, '/v1/messages'],
      gemini: ['gemini', false, '/v1beta/models'],
    });
  });
});
