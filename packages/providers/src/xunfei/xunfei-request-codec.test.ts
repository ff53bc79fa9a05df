import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '@turnpike/formats';
import { completeSparkRequest, encodeSparkRequest } from './xunfei-request-codec';
import { findSparkVersion } from './xunfei-versions';

const weatherTool = { name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

function conversation(): CanonicalRequest {
  return {
    model: 'SparkDesk-v3.5',
    stream: true,
    messages: [
      { role: 'system', parts: [{ type: 'text', text: 'You are Li Bai.' }] },
      { role: 'user', parts: [{ type: 'text', text: 'Who are ' }, { type: 'text', text: 'you?' }] },
      { role: 'assistant', parts: [{ type: 'text', text: 'A poet.' }] },
      { role: 'system', parts: [{ type: 'text', text: 'Answer in verse.' }] },
      { role: 'user', parts: [{ type: 'text', text: 'What can you do?' }] },
    ],
    temperature: 0.5,
    maxTokens: 1024,
    topK: 4,
    user: 'user-42',
  };
}

describe('encodeSparkRequest', () => {
  it('encodes messages (one leading system message), sampling parameters and the uid', () => {
    const request = conversation();
    expect(encodeSparkRequest(request)).toEqual({
      header: { uid: 'user-42' },
      parameter: { chat: { temperature: 0.5, max_tokens: 1024, top_k: 4 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'You are Li Bai.\nAnswer in verse.' },
            { role: 'user', content: 'Who are you?' },
            { role: 'assistant', content: 'A poet.' },
            { role: 'user', content: 'What can you do?' },
          ],
        },
      },
    });
    expect(request.warnings).toBeUndefined();
  });

  it('encodes tools as payload.functions and clamps out-of-range values with warnings', () => {
    const request: CanonicalRequest = { ...conversation(), temperature: 0, topK: 40, tools: [weatherTool, { name: 'noop', parameters: { type: 'object' } }] };
    const body = encodeSparkRequest(request);
    expect(body.parameter.chat).toEqual({ temperature: 0.01, max_tokens: 1024, top_k: 6 });
    expect(body.payload.functions).toEqual({
      text: [
        { name: 'get_weather', description: 'Weather by city', parameters: weatherTool.parameters },
        { name: 'noop', description: '', parameters: { type: 'object' } },
      ],
    });
    expect(request.warnings).toEqual(['Spark takes temperature in [0.01, 1]: 0 was sent as 0.01', 'Spark takes top_k in [1, 6]: 40 was sent as 6']);
  });

  it('sends tool results as user text and warns about what Spark cannot carry', () => {
    const request: CanonicalRequest = {
      model: 'SparkDesk-v4.0',
      stream: true,
      messages: [
        { role: 'user', parts: [{ type: 'text', text: 'Weather in Hefei?' }, { type: 'image', url: 'https://example.com/a.png' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Hefei"}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_1', content: '{"temp":21}' }] },
      ],
      topP: 0.9,
      stop: ['END'],
      toolChoice: 'required',
      tools: [weatherTool],
      user: 'u'.repeat(33),
    };
    const body = encodeSparkRequest(request);
    expect(body.header).toEqual({});
    expect(body.payload.message.text).toEqual([
      { role: 'user', content: 'Weather in Hefei?' },
      { role: 'assistant', content: '' },
      { role: 'user', content: '{"temp":21}' },
    ]);
    expect(request.warnings).toEqual([
      'Spark is text-only: an image part was dropped',
      'Spark cannot replay the assistant\'s call of "get_weather": it was dropped',
      'Spark has no tool messages: a tool result was sent as user text',
      'Spark has no top_p: it was dropped',
      'Spark has no stop: it was dropped',
      'Spark has no tool_choice: the model decides whether to call a function',
      "Spark's uid is at most 32 characters: the user id was dropped",
    ]);
  });

  it('sends no functions when tool_choice is none', () => {
    const request: CanonicalRequest = { ...conversation(), tools: [weatherTool], toolChoice: 'none' };
    expect(encodeSparkRequest(request).payload.functions).toBeUndefined();
  });
});

describe('completeSparkRequest', () => {
  const encoded = (): unknown => JSON.parse(JSON.stringify(encodeSparkRequest({ ...conversation(), tools: [weatherTool] })));

  it('fills app_id and domain and keeps system and functions for Max', () => {
    const body = completeSparkRequest(encoded(), '1a2b3c4d', findSparkVersion('v3.5')!);
    expect(body.header).toEqual({ uid: 'user-42', app_id: '1a2b3c4d' });
    expect(body.parameter).toEqual({ chat: { temperature: 0.5, max_tokens: 1024, top_k: 4, domain: 'generalv3.5' } });
    expect((body.payload as { message: { text: unknown[] } }).message.text[0]).toEqual({ role: 'system', content: 'You are Li Bai.\nAnswer in verse.' });
    expect((body.payload as { functions?: unknown }).functions).toBeDefined();
  });

  it('folds the system message into the first user turn and drops functions for Lite', () => {
    const body = completeSparkRequest(encoded(), 'app', findSparkVersion('v1.1')!);
    expect(body.parameter).toEqual({ chat: { temperature: 0.5, max_tokens: 1024, top_k: 4, domain: 'lite' } });
    expect(body.payload).toEqual({
      message: {
        text: [
          { role: 'user', content: 'You are Li Bai.\nAnswer in verse.\n\nWho are you?' },
          { role: 'assistant', content: 'A poet.' },
          { role: 'user', content: 'What can you do?' },
        ],
      },
    });
  });

  it('turns a lone system message into a user message and keeps fields it does not know', () => {
    const body = completeSparkRequest(
      { header: {}, parameter: { chat: { auditing: 'default' } }, payload: { message: { text: [{ role: 'system', content: 'Hi' }] } }, extra: 1 },
      'app',
      findSparkVersion('v3.1-128K')!,
    );
    expect(body).toEqual({
      header: { app_id: 'app' },
      parameter: { chat: { auditing: 'default', domain: 'pro-128k' } },
      payload: { message: { text: [{ role: 'user', content: 'Hi' }] } },
      extra: 1,
    });
  });
});
