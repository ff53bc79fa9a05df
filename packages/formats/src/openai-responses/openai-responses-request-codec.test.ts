import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalRequest } from '../canonical-model';
import { decodeOpenAiResponsesRequest, encodeOpenAiResponsesRequest } from './openai-responses-request-codec';
import { openAiResponsesRequestSchema } from './openai-responses-schema';

const fixtureRequest = openAiResponsesRequestSchema.parse(fixturesBeside(import.meta.url).fixtureJson('responses-request.json'));

const weatherTool = {
  name: 'get_weather',
  description: 'Current weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  strict: true,
};

describe('openai responses request codec: decode', () => {
  it('decodes instructions, every input item kind, tools, reasoning and text format into the canonical request', () => {
    const expected: CanonicalRequest = {
      model: 'gpt-5-mini',
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'You answer weather questions.' }] },
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'Weather in Paris and Lyon?' },
            { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' },
            { type: 'file', mediaType: 'application/pdf', data: 'JVBERi0=', filename: 'forecast.pdf' },
            { type: 'file', fileId: 'file-Abc123' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: '**Planning**\n\nLook up both cities.', signature: 'gAAAAABoofKr-enc==' },
            { type: 'text', text: 'Let me check both.' },
            { type: 'tool-call', id: 'call_A1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { type: 'tool-call', id: 'call_B2', name: 'get_weather', arguments: '{"city":"Lyon"}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            { type: 'tool-result', toolCallId: 'call_A1', content: 'sunny, 24C' },
            { type: 'tool-result', toolCallId: 'call_B2', content: 'rain, 17C' },
          ],
        },
      ],
      stream: true,
      includeUsage: true,
      maxTokens: 2048,
      temperature: 0.2,
      topP: 0.9,
      tools: [weatherTool],
      toolChoice: 'auto',
      parallelToolCalls: true,
      reasoningEffort: 'low',
      reasoning: { includeThoughts: true },
      responseFormat: { type: 'json-schema', name: 'forecast', schema: { type: 'object', properties: { summary: { type: 'string' } } }, strict: true },
      user: 'user-42',
      passthrough: {
        format: 'openai-responses',
        fields: {
          tools: [{ type: 'web_search_preview', search_context_size: 'low' }],
          text: { verbosity: 'low' },
          store: false,
          previous_response_id: 'resp_68a1f0c2e4b08190',
          include: ['reasoning.encrypted_content'],
          metadata: { ticket: '42' },
        },
      },
      warnings: [
        'openai-responses input item "item_reference" cannot be expressed canonically (the gateway keeps no server-side state or built-in tool results) and was dropped',
        'previous_response_id "resp_68a1f0c2e4b08190" refers to conversation state the gateway does not keep; only an OpenAI Responses upstream that stored it can resolve it',
      ],
    };
    expect(decodeOpenAiResponsesRequest(fixtureRequest)).toEqual(expected);
  });

  it('decodes a plain string input as one user message, without usage flags when not streaming', () => {
    const request = openAiResponsesRequestSchema.parse({ model: 'gpt-4.1', input: 'Hello there' });
    expect(decodeOpenAiResponsesRequest(request)).toEqual({ model: 'gpt-4.1', messages: [{ role: 'user', parts: [{ type: 'text', text: 'Hello there' }] }], stream: false });
  });

  it('maps tool_choice variants and keeps hosted choices for a Responses upstream', () => {
    const decode = (toolChoice: unknown): CanonicalRequest => decodeOpenAiResponsesRequest(openAiResponsesRequestSchema.parse({ model: 'm', input: 'x', tool_choice: toolChoice }));
    expect(decode({ type: 'function', name: 'get_weather' })).toMatchObject({ toolChoice: { name: 'get_weather' } });
    expect(decode({ type: 'function', name: 'get_weather' }).passthrough).toBeUndefined();
    const allowed = { type: 'allowed_tools', mode: 'required', tools: [{ type: 'function', name: 'a' }] };
    expect(decode(allowed)).toMatchObject({ toolChoice: 'required', passthrough: { fields: { tool_choice: allowed } } });
    const hosted = decode({ type: 'web_search_preview' });
    expect(hosted.toolChoice).toBeUndefined();
    expect(hosted.passthrough?.fields.tool_choice).toEqual({ type: 'web_search_preview' });
  });

  it('reports image and tool-output parts it cannot express, and rejects malformed known items', () => {
    const request = openAiResponsesRequestSchema.parse({
      model: 'm',
      input: [
        { role: 'user', content: [{ type: 'input_image', image_url: 'https://x/y.png', detail: 'original' }] },
        { type: 'function_call_output', call_id: 'c', output: [{ type: 'input_image', image_url: 'https://x/z.png' }] },
      ],
    });
    const decoded = decodeOpenAiResponsesRequest(request);
    expect(decoded.messages).toEqual([
      { role: 'user', parts: [{ type: 'image', url: 'https://x/y.png' }] },
      { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c', content: '' }] },
    ]);
    expect(decoded.warnings).toHaveLength(2);
    expect(openAiResponsesRequestSchema.safeParse({ model: 'm', input: [{ type: 'function_call', name: 'f', arguments: '{}' }] }).success).toBe(false);
    expect(openAiResponsesRequestSchema.safeParse({ model: 'm', tools: [{ type: 'function', description: 'no name' }] }).success).toBe(false);
  });
});

describe('openai responses request codec: encode', () => {
  it('replays a decoded Responses request to a Responses upstream with its passthrough fields', () => {
    const decoded = decodeOpenAiResponsesRequest(fixtureRequest);
    const encoded = encodeOpenAiResponsesRequest(decoded);
    expect(encoded).toMatchObject({
      model: 'gpt-5-mini',
      instructions: 'You answer weather questions.',
      stream: true,
      store: false,
      previous_response_id: 'resp_68a1f0c2e4b08190',
      include: ['reasoning.encrypted_content'],
      tools: [{ type: 'web_search_preview', search_context_size: 'low' }, { type: 'function', ...weatherTool }],
      tool_choice: 'auto',
      reasoning: { effort: 'low', summary: 'auto' },
      text: { verbosity: 'low', format: { type: 'json_schema', name: 'forecast', strict: true } },
      max_output_tokens: 2048,
    });
    expect(encoded.input).toEqual([
      { type: 'message', role: 'system', content: 'Be brief.' },
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'Weather in Paris and Lyon?' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' },
          { type: 'input_file', file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'forecast.pdf' },
          { type: 'input_file', file_id: 'file-Abc123' },
        ],
      },
      { type: 'reasoning', summary: [{ type: 'summary_text', text: '**Planning**\n\nLook up both cities.' }], encrypted_content: 'gAAAAABoofKr-enc==' },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check both.' }] },
      { type: 'function_call', call_id: 'call_A1', name: 'get_weather', arguments: '{"city":"Paris"}' },
      { type: 'function_call', call_id: 'call_B2', name: 'get_weather', arguments: '{"city":"Lyon"}' },
      { type: 'function_call_output', call_id: 'call_A1', output: 'sunny, 24C' },
      { type: 'function_call_output', call_id: 'call_B2', output: 'rain, 17C' },
    ]);
    const again = decodeOpenAiResponsesRequest(openAiResponsesRequestSchema.parse(encoded));
    expect({ ...again, warnings: undefined }).toEqual({ ...decodeOpenAiResponsesRequest(fixtureRequest), warnings: undefined });
  });

  it('round-trips a function-call conversation from another dialect through the Responses wire shape', () => {
    const canonical: CanonicalRequest = {
      model: 'gpt-4.1',
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Use tools.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'toolu_01', name: 'get_weather', arguments: '{"city":"Paris"}' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'toolu_01', content: '{"temp":24}' }] },
        { role: 'assistant', parts: [{ type: 'text', text: 'It is 24C.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Thanks' }] },
      ],
      stream: false,
      tools: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }],
      toolChoice: { name: 'get_weather' },
      maxTokens: 100,
    };
    const encoded = encodeOpenAiResponsesRequest(structuredClone(canonical));
    expect(encoded).toEqual({
      model: 'gpt-4.1',
      instructions: 'Use tools.',
      input: [
        { type: 'message', role: 'user', content: 'Weather in Paris?' },
        { type: 'function_call', call_id: 'toolu_01', name: 'get_weather', arguments: '{"city":"Paris"}' },
        { type: 'function_call_output', call_id: 'toolu_01', output: '{"temp":24}' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'It is 24C.' }] },
        { type: 'message', role: 'user', content: 'Thanks' },
      ],
      max_output_tokens: 100,
      tools: [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } }, strict: false }],
      tool_choice: { type: 'function', name: 'get_weather' },
    });
    expect(decodeOpenAiResponsesRequest(openAiResponsesRequestSchema.parse(encoded))).toEqual(canonical);
  });

  it('sends strict:false for tools without a strict flag, since Responses would otherwise force strict mode', () => {
    const encoded = encodeOpenAiResponsesRequest({ model: 'm', messages: [], stream: false, tools: [{ name: 'f', parameters: { type: 'object' } }] });
    expect(encoded.tools).toEqual([{ type: 'function', name: 'f', parameters: { type: 'object' }, strict: false }]);
  });

  it('warns about everything the Responses API cannot express', () => {
    const request: CanonicalRequest = {
      model: 'm',
      messages: [
        { role: 'user', name: 'bob', parts: [{ type: 'text', text: 'hi' }, { type: 'file', mediaType: 'audio/wav', data: 'UklGRg==' }] },
        { role: 'assistant', parts: [{ type: 'reasoning', text: 'plain thoughts' }, { type: 'tool-call', id: 'c1', name: 'f', arguments: '{}', signature: 'sig' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'c1', content: 'boom', isError: true }] },
      ],
      stream: false,
      stop: ['END'],
      seed: 1,
      topK: 5,
      presencePenalty: 0.5,
      frequencyPenalty: 0.5,
      reasoning: { budgetTokens: 4000 },
      passthrough: { format: 'anthropic-messages', fields: { top_k: 5 } },
    };
    const encoded = encodeOpenAiResponsesRequest(request);
    expect(encoded.reasoning).toEqual({ effort: 'medium' });
    expect(encoded.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
      { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'boom' },
    ]);
    expect(request.warnings).toEqual([
      'anthropic-messages field "top_k" has no openai-responses equivalent and was dropped',
      'the author name "bob" has no OpenAI Responses equivalent and was dropped',
      'audio input cannot be expressed in the OpenAI Responses API and was dropped',
      'reasoning text without an encrypted state cannot be replayed to the OpenAI Responses API and was dropped',
      'the reasoning signature of tool call "c1" has no OpenAI Responses equivalent and was dropped',
      'the error flag of the result of tool call "c1" has no OpenAI Responses equivalent and was dropped',
      'thinking budget 4000 was approximated as OpenAI reasoning effort "medium"',
      'stop sequences cannot be expressed in the OpenAI Responses API and were dropped',
      'top_k cannot be expressed in the OpenAI Responses API and was dropped',
      'seed cannot be expressed in the OpenAI Responses API and was dropped',
      'presence_penalty cannot be expressed in the OpenAI Responses API and was dropped',
      'frequency_penalty cannot be expressed in the OpenAI Responses API and was dropped',
    ]);
  });

  it('maps thinking budgets to efforts and leaves "model decides" alone', () => {
    const effort = (budgetTokens: number): unknown => encodeOpenAiResponsesRequest({ model: 'm', messages: [], stream: false, reasoning: { budgetTokens } }).reasoning;
    expect(effort(0)).toEqual({ effort: 'none' });
    expect(effort(1024)).toEqual({ effort: 'low' });
    expect(effort(32000)).toEqual({ effort: 'high' });
    expect(effort(-1)).toBeUndefined();
    const canonical: CanonicalRequest = { model: 'm', messages: [], stream: false, reasoningEffort: 'high', reasoning: { budgetTokens: 10, includeThoughts: true } };
    expect(encodeOpenAiResponsesRequest(canonical).reasoning).toEqual({ effort: 'high', summary: 'auto' });
    expect(canonical.warnings).toBeUndefined();
  });
});
