import type { CanonicalRequest } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { cohereDialectId, encodeCohereRequest } from './cohere-request-codec';

const weatherTool = { name: 'get_weather', description: 'Current weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } };
const timeTool = { name: 'get_time', parameters: { type: 'object', properties: {} } };

function request(overrides: Partial<CanonicalRequest>): CanonicalRequest {
  return { model: 'command-a-03-2025', messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hi' }] }], stream: false, ...overrides };
}

describe('encodeCohereRequest', () => {
  it('encodes a tool-use conversation with every sampling parameter', () => {
    const canonical = request({
      stream: true,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: 'I will look it up.' },
            { type: 'tool-call', id: 'get_weather_1', name: 'get_weather', arguments: '{"location":"Toronto"}' },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'get_weather_1', content: '{"temperature":21}' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'It is 21°C.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
      ],
      tools: [weatherTool],
      toolChoice: 'required',
      maxTokens: 512,
      temperature: 0.3,
      topP: 0.9,
      topK: 40,
      stop: ['END'],
      seed: 7,
      frequencyPenalty: 0.1,
      presencePenalty: 0.2,
    });
    expect(encodeCohereRequest(canonical)).toEqual({
      model: 'command-a-03-2025',
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather here?' },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
          ],
        },
        {
          role: 'assistant',
          tool_calls: [{ id: 'get_weather_1', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Toronto"}' } }],
          tool_plan: 'I will look it up.',
        },
        { role: 'tool', tool_call_id: 'get_weather_1', content: '{"temperature":21}' },
        { role: 'assistant', content: 'It is 21°C.' },
        { role: 'user', content: 'Thanks' },
      ],
      tools: [{ type: 'function', function: { name: 'get_weather', description: 'Current weather', parameters: weatherTool.parameters } }],
      tool_choice: 'REQUIRED',
      max_tokens: 512,
      temperature: 0.3,
      p: 0.9,
      k: 40,
      stop_sequences: ['END'],
      seed: 7,
      frequency_penalty: 0.1,
      presence_penalty: 0.2,
    });
    expect(canonical.warnings).toBeUndefined();
  });

  it('replays reasoning without tool calls as thinking content and keeps tool results carried by user turns', () => {
    const canonical = request({
      messages: [
        { role: 'assistant', parts: [{ type: 'reasoning', text: 'Think.' }, { type: 'text', text: 'Answer.' }] },
        {
          role: 'user',
          parts: [
            { type: 'tool-result', toolCallId: 'call_9', content: 'failed', isError: true },
            { type: 'text', text: 'Try again' },
          ],
        },
      ],
    });
    expect(encodeCohereRequest(canonical).messages).toEqual([
      { role: 'assistant', content: [{ type: 'thinking', thinking: 'Think.' }, { type: 'text', text: 'Answer.' }] },
      { role: 'tool', tool_call_id: 'call_9', content: 'failed' },
      { role: 'user', content: 'Try again' },
    ]);
    expect(canonical.warnings).toEqual([`tool result error flag has no ${cohereDialectId} equivalent and was dropped`]);
  });

  it('maps tool choices: none, auto (left out) and a named tool offered alone with a warning', () => {
    expect(encodeCohereRequest(request({ tools: [weatherTool], toolChoice: 'none' })).tool_choice).toBe('NONE');
    const auto = encodeCohereRequest(request({ tools: [weatherTool], toolChoice: 'auto' }));
    expect(auto.tool_choice).toBeUndefined();
    expect(auto.tools).toHaveLength(1);

    const named = request({ tools: [weatherTool, timeTool], toolChoice: { name: 'get_time' } });
    const body = encodeCohereRequest(named);
    expect(body.tool_choice).toBe('REQUIRED');
    expect(body.tools).toEqual([{ type: 'function', function: { name: 'get_time', parameters: timeTool.parameters } }]);
    expect(named.warnings).toEqual([`tool choice "get_time" was sent to ${cohereDialectId} as REQUIRED with only that tool offered`]);
  });

  it('sends strict_tools only when every tool is strict', () => {
    expect(encodeCohereRequest(request({ tools: [{ ...weatherTool, strict: true }] })).strict_tools).toBe(true);
    const mixed = request({ tools: [{ ...weatherTool, strict: true }, timeTool] });
    expect(encodeCohereRequest(mixed).strict_tools).toBeUndefined();
    expect(mixed.warnings).toEqual([`${cohereDialectId} applies strict schemas to all tools or none; strict was not requested`]);
  });

  it('maps thinking budgets and efforts', () => {
    expect(encodeCohereRequest(request({ reasoning: { budgetTokens: 2048 } })).thinking).toEqual({ type: 'enabled', token_budget: 2048 });
    expect(encodeCohereRequest(request({ reasoning: { budgetTokens: 0 } })).thinking).toEqual({ type: 'disabled' });
    expect(encodeCohereRequest(request({ reasoning: { budgetTokens: -1 } })).thinking).toEqual({ type: 'enabled' });
    expect(encodeCohereRequest(request({ reasoningEffort: 'none' })).thinking).toEqual({ type: 'disabled' });
    const effort = request({ reasoningEffort: 'high' });
    expect(encodeCohereRequest(effort).thinking).toEqual({ type: 'enabled' });
    expect(effort.warnings).toEqual([`reasoning effort "high" was sent to ${cohereDialectId} as thinking enabled without a token budget`]);
    expect(encodeCohereRequest(request({})).thinking).toBeUndefined();
  });

  it('maps response formats', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    expect(encodeCohereRequest(request({ responseFormat: { type: 'text' } })).response_format).toBeUndefined();
    expect(encodeCohereRequest(request({ responseFormat: { type: 'json-object' } })).response_format).toEqual({ type: 'json_object' });
    expect(encodeCohereRequest(request({ responseFormat: { type: 'json-schema', name: 'city', schema, strict: true } })).response_format).toEqual({
      type: 'json_object',
      json_schema: schema,
    });
  });

  it('warns about everything it drops', () => {
    const canonical = request({
      user: 'user-42',
      parallelToolCalls: false,
      tools: [weatherTool],
      passthrough: { format: 'openai-chat', fields: { logit_bias: { '50256': -100 } } },
      messages: [
        { role: 'user', name: 'alice', parts: [{ type: 'file', mediaType: 'application/pdf', data: 'JVBERi0=' }, { type: 'text', text: 'Read this' }] },
        { role: 'assistant', parts: [{ type: 'reasoning', text: '', redacted: true, signature: 'opaque' }] },
      ],
    });
    const body = encodeCohereRequest(canonical);
    expect(body.messages).toEqual([{ role: 'user', content: 'Read this' }]);
    expect(canonical.warnings).toEqual([
      `message name has no ${cohereDialectId} equivalent and was dropped`,
      `file part in a user message has no ${cohereDialectId} equivalent and was dropped`,
      `redacted reasoning has no ${cohereDialectId} equivalent and was dropped`,
      'an empty assistant message was left out of the cohere-v2 request',
      `parallel_tool_calls=false has no ${cohereDialectId} equivalent and was dropped`,
      `end-user id has no ${cohereDialectId} equivalent and was dropped`,
      `openai-chat field "logit_bias" has no ${cohereDialectId} equivalent and was dropped`,
    ]);
  });
});
