import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '@turnpike/formats';
import { encodeZhipuRequest } from './zhipu-request-codec';

describe('encodeZhipuRequest', () => {
  it('encodes the prompt, folding system text into the first user turn, and asks for incremental streams', () => {
    const request: CanonicalRequest = {
      model: 'chatglm_turbo',
      stream: true,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Answer briefly.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Hello' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'Hi!' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Who ' }, { type: 'text', text: 'are you?' }] },
      ],
      temperature: 0.95,
      topP: 0.7,
    };
    expect(encodeZhipuRequest(request)).toEqual({
      prompt: [
        { role: 'user', content: 'Answer briefly.\n\nHello' },
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'Who are you?' },
      ],
      temperature: 0.95,
      top_p: 0.7,
      incremental: true,
    });
    expect(request.warnings).toBeUndefined();
  });

  it('sends no incremental flag for whole answers and clamps sampling values into (0, 1)', () => {
    const request: CanonicalRequest = { model: 'chatglm_pro', stream: false, messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], temperature: 0, topP: 1 };
    expect(encodeZhipuRequest(request)).toEqual({ prompt: [{ role: 'user', content: 'Hi' }], temperature: 0.01, top_p: 0.99 });
    expect(request.warnings).toEqual(['ChatGLM v3 takes temperature in (0, 1): 0 was sent as 0.01', 'ChatGLM v3 takes top_p in (0, 1): 1 was sent as 0.99']);
  });

  it('warns about what v3 cannot carry and sends tool results as user text', () => {
    const request: CanonicalRequest = {
      model: 'chatglm_std',
      stream: false,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Only system.' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'c1', name: 'lookup', arguments: '{}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c1', content: 'found' }, { type: 'file', data: 'AAAA', mediaType: 'application/pdf' }] },
      ],
      maxTokens: 100,
      stop: ['x'],
      tools: [{ name: 'lookup', parameters: { type: 'object' } }],
    };
    expect(encodeZhipuRequest(request)).toEqual({
      prompt: [
        { role: 'assistant', content: '' },
        { role: 'user', content: 'Only system.\n\nfound' },
      ],
    });
    expect(request.warnings).toEqual([
      'ChatGLM v3 has no tools: the assistant\'s call of "lookup" was dropped',
      'ChatGLM v3 is text-only: a file part was dropped',
      'ChatGLM v3 has no tool messages: a tool result was sent as user text',
      'ChatGLM v3 has no max_tokens: it was dropped',
      'ChatGLM v3 has no stop: it was dropped',
      'ChatGLM v3 has no tools: it was dropped',
    ]);
  });

  it('turns system text alone into the user turn', () => {
    const request: CanonicalRequest = { model: 'chatglm_lite', stream: false, messages: [{ role: 'system', parts: [{ type: 'text', text: 'Say hi.' }] }] };
    expect(encodeZhipuRequest(request)).toEqual({ prompt: [{ role: 'user', content: 'Say hi.' }] });
  });
});
