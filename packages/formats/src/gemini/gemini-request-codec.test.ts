import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalRequest } from '../canonical-model';
import { listDroppedPassthroughFields } from '../canonical-model';
import { decodeGeminiRequest, encodeGeminiRequest, geminiSkipSignatureValidator } from './gemini-request-codec';
import { geminiRequestSchema } from './gemini-schema';

const { fixtureJson: fixture } = fixturesBeside(import.meta.url);
const fullRequest = geminiRequestSchema.parse(fixture('generate-content-request.json'));

const getWeatherParameters = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { type: ['string', 'null'], enum: ['celsius', 'fahrenheit'] } },
  required: ['city'],
};

describe('gemini request codec: decode', () => {
  it('decodes a multi-turn request with thoughts, parallel calls and their results, taking model and stream from the URL', () => {
    const expected: CanonicalRequest = {
      model: 'gemini-2.5-flash',
      stream: true,
      includeUsage: true,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'You are a weather assistant.' }, { type: 'text', text: 'Answer briefly.' }] },
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'What is the weather in Paris? Here is the sky:' },
            { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' },
            { type: 'file', mediaType: 'application/pdf', url: 'https://generativelanguage.googleapis.com/v1beta/files/forecast-pdf' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: '**Checking the forecast**\nThe user wants Paris weather.', signature: 'CiQBVKhc7kBJ7K2yN0=' },
            { type: 'tool-call', id: 'gemini-call-1-0', name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}', signature: 'CiIBVKhc7l5mzkoZSRQ=' },
            { type: 'tool-call', id: 'gemini-call-1-1', name: 'get_weather', arguments: '{"city":"Lyon"}' },
          ],
        },
        {
          role: 'tool',
          parts: [
            { type: 'tool-result', toolCallId: 'gemini-call-1-0', content: 'sunny, 24C' },
            { type: 'tool-result', toolCallId: 'gemini-call-1-1', content: '{"temperature":19,"sky":"cloudy"}' },
          ],
        },
        { role: 'assistant', parts: [{ type: 'text', text: 'Paris is sunny at 24C; Lyon is cloudy at 19C.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'And tomorrow?' }] },
      ],
      maxTokens: 1024,
      temperature: 0.4,
      topP: 0.95,
      topK: 40,
      seed: 7,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stop: ['END'],
      reasoning: { budgetTokens: 2048, includeThoughts: true },
      tools: [{ name: 'get_weather', description: 'Current weather for a city', parameters: getWeatherParameters }],
      toolChoice: { name: 'get_weather' },
      passthrough: {
        format: 'gemini',
        fields: {
          'generationConfig.candidateCount': 1,
          tools: [{ googleSearch: {} }],
          safetySettings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_ONLY_HIGH' }],
        },
      },
    };
    expect(decodeGeminiRequest(fullRequest, { model: 'gemini-2.5-flash', stream: true })).toEqual(expected);
  });

  it('accepts the snake_case field names of Google curl samples without renaming caller data', () => {
    const request = geminiRequestSchema.parse(fixture('generate-content-request-snake-case.json'));
    expect(decodeGeminiRequest(request, { model: 'gemini-3-flash-preview' })).toEqual({
      model: 'gemini-3-flash-preview',
      stream: false,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'You are a cat. Your name is Neko.' }] },
        { role: 'user', parts: [{ type: 'text', text: 'Describe this picture' }, { type: 'image', url: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' }] },
      ],
      maxTokens: 200,
      stop: ['Title'],
      reasoningEffort: 'low',
      responseFormat: { type: 'json-object' },
      tools: [{ name: 'set_light', parameters: { type: 'object', properties: { brightness_level: { type: 'integer' } }, required: ['brightness_level'] } }],
      toolChoice: 'auto',
    });
  });

  it('pairs function responses with explicit ids, and keeps unexpressible calling modes for Gemini targets', () => {
    const request = geminiRequestSchema.parse({
      model: 'models/gemini-3-pro-preview',
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ functionCall: { id: 'fc-a', name: 'lookup', args: { q: 1 } } }, { functionCall: { id: 'fc-b', name: 'lookup', args: { q: 2 } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'fc-b', name: 'lookup', response: { error: 'timeout' } } }, { text: 'hurry' }] },
      ],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup', 'fetch'] } },
      generationConfig: { responseMimeType: 'text/x.enum', responseSchema: { type: 'STRING', enum: ['a', 'b'] } },
    });
    const decoded = decodeGeminiRequest(request);
    expect(decoded.model).toBe('gemini-3-pro-preview');
    expect(decoded.messages.slice(2)).toEqual([
      { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'fc-b', content: 'timeout', isError: true }] },
      { role: 'user', parts: [{ type: 'text', text: 'hurry' }] },
    ]);
    expect(decoded.toolChoice).toBe('required');
    expect(decoded.responseFormat).toBeUndefined();
    expect(decoded.passthrough?.fields).toEqual({
      'toolConfig.functionCallingConfig': { mode: 'ANY', allowedFunctionNames: ['lookup', 'fetch'] },
      'generationConfig.responseMimeType': 'text/x.enum',
      'generationConfig.responseSchema': { type: 'STRING', enum: ['a', 'b'] },
    });
    expect(encodeGeminiRequest(decoded).toolConfig).toEqual({ functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['lookup', 'fetch'] } });
    expect(listDroppedPassthroughFields(decoded, 'openai-chat')).toEqual([
      'gemini field "generationConfig.responseMimeType" has no openai-chat equivalent and was dropped',
      'gemini field "generationConfig.responseSchema" has no openai-chat equivalent and was dropped',
      'gemini field "toolConfig.functionCallingConfig" has no openai-chat equivalent and was dropped',
    ]);
    expect(listDroppedPassthroughFields(decoded, 'gemini')).toEqual([]);
  });

  it('pairs a function response without id with the call of that name that had one (converted answers give ids)', () => {
    const request = geminiRequestSchema.parse({
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ functionCall: { id: 'toolu_01', name: 'lookup', args: { q: 1 } } }, { functionCall: { id: 'toolu_02', name: 'fetch', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'fetch', response: { output: 'b' } } }, { functionResponse: { name: 'lookup', response: { output: 'a' } } }] },
      ],
    });
    expect(decodeGeminiRequest(request, { model: 'claude-sonnet-4-5' }).messages[2]).toEqual({
      role: 'tool',
      parts: [
        { type: 'tool-result', toolCallId: 'toolu_02', content: 'b' },
        { type: 'tool-result', toolCallId: 'toolu_01', content: 'a' },
      ],
    });
  });

  it('renders code execution as text and reports parts it drops', () => {
    const request = geminiRequestSchema.parse({
      contents: [
        { role: 'user', parts: [{ text: 'run it' }, { fileData: { mimeType: 'video/mp4', fileUri: 'https://youtu.be/x' }, videoMetadata: { startOffset: '10s' } }] },
        { role: 'model', parts: [{ executableCode: { language: 'PYTHON', code: 'print(1)' } }, { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1' } }, { inlineData: { mimeType: 'image/png', data: 'AA==' } }] },
      ],
    });
    const decoded = decodeGeminiRequest(request, { model: 'm' });
    expect(decoded.messages[1]?.parts).toEqual([
      { type: 'text', text: '```python\nprint(1)\n```' },
      { type: 'text', text: '```\n1\n```' },
      { type: 'image', url: 'data:image/png;base64,AA==' },
    ]);
    expect(decoded.warnings).toEqual(['videoMetadata has no canonical equivalent and was dropped']);
  });

  it('rejects bodies without contents or with an unknown role', () => {
    expect(geminiRequestSchema.safeParse({ generationConfig: {} }).success).toBe(false);
    expect(geminiRequestSchema.safeParse({ contents: [{ role: 'assistant', parts: [{ text: 'x' }] }] }).success).toBe(false);
    expect(geminiRequestSchema.safeParse({ contents: [{ role: 'user', parts: [{ text: 'x' }] }] }).success).toBe(true);
  });
});

describe('gemini request codec: encode', () => {
  it('replays a decoded Gemini request as Gemini, function schemas as JSON Schema', () => {
    const encoded = encodeGeminiRequest(decodeGeminiRequest(fullRequest, { model: 'gemini-2.5-flash' }));
    const original = fixture('generate-content-request.json') as Record<string, unknown>;
    expect(geminiRequestSchema.safeParse(encoded).success).toBe(true);
    expect(encoded.contents).toEqual(original.contents);
    expect(encoded.systemInstruction).toEqual(original.systemInstruction);
    expect(encoded.generationConfig).toEqual(original.generationConfig);
    expect(encoded.toolConfig).toEqual(original.toolConfig);
    expect(encoded.safetySettings).toEqual(original.safetySettings);
    expect(encoded.tools).toEqual([
      { functionDeclarations: [{ name: 'get_weather', description: 'Current weather for a city', parametersJsonSchema: getWeatherParameters }] },
      { googleSearch: {} },
    ]);
  });

  it('encodes an OpenAI-style conversation: system hoisted, calls signed for Gemini 3, results named and merged, warnings kept', () => {
    const request: CanonicalRequest = {
      model: 'gemini-3-pro-preview',
      stream: false,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', name: 'alice', parts: [{ type: 'text', text: 'Weather?' }, { type: 'image', url: 'https://example.com/sky.jpg?size=2', detail: 'high' }] },
        {
          role: 'assistant',
          parts: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool-call', id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { type: 'tool-call', id: 'call_b', name: 'get_time', arguments: '' },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_a', content: 'sunny' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_b', content: '{"time":"10:00"}' }] },
        { role: 'system', parts: [{ type: 'text', text: 'Use metric units.' }] },
      ],
      maxTokens: 64,
      tools: [{ name: 'get_weather', parameters: { type: 'object', additionalProperties: false }, strict: true }],
      toolChoice: 'required',
      parallelToolCalls: false,
      reasoningEffort: 'high',
      responseFormat: { type: 'json-schema', name: 'answer', schema: { type: 'object' } },
      user: 'user-42',
      passthrough: { format: 'openai-chat', fields: { logit_bias: {} } },
    };
    const encoded = encodeGeminiRequest(request);
    expect(encoded).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Use metric units.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'Weather?' }, { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/sky.jpg?size=2' } }] },
        {
          role: 'model',
          parts: [
            { text: 'Checking.' },
            { functionCall: { id: 'call_a', name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: geminiSkipSignatureValidator },
            { functionCall: { id: 'call_b', name: 'get_time', args: {} } },
          ],
        },
        {
          role: 'user',
          parts: [
            { functionResponse: { id: 'call_a', name: 'get_weather', response: { output: 'sunny' } } },
            { functionResponse: { id: 'call_b', name: 'get_time', response: { time: '10:00' } } },
          ],
        },
      ],
      generationConfig: {
        maxOutputTokens: 64,
        thinkingConfig: { thinkingLevel: 'HIGH' },
        responseMimeType: 'application/json',
        responseJsonSchema: { type: 'object' },
      },
      tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object', additionalProperties: false } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY' } },
    });
    expect(request.warnings).toEqual([
      'message name "alice" has no Gemini equivalent and was dropped',
      'image detail "high" has no Gemini equivalent and was ignored',
      'system message 5 was moved into systemInstruction, ahead of the conversation',
      'strict mode of tool "get_weather" has no Gemini equivalent and was ignored',
      'parallel_tool_calls=false has no Gemini equivalent and was ignored',
      'the end-user id has no Gemini equivalent and was dropped',
    ]);
  });

  it('never sends synthesised call ids upstream and prefers a thinking budget over an effort', () => {
    const decoded = decodeGeminiRequest(fullRequest, { model: 'gemini-2.5-flash' });
    decoded.reasoningEffort = 'low';
    const encoded = encodeGeminiRequest(decoded);
    const calls = encoded.contents.flatMap((content) => content.parts ?? []).filter((part) => part.functionCall || part.functionResponse);
    expect(calls.every((part) => part.functionCall?.id === undefined && part.functionResponse?.id === undefined)).toBe(true);
    expect(encoded.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 2048, includeThoughts: true });
    expect(decoded.warnings).toEqual(['reasoning effort "low" was dropped in favour of the thinking budget']);
  });

  it('reports tool results without a known call, unparsable arguments and files it cannot send', () => {
    const request: CanonicalRequest = {
      model: 'm',
      stream: false,
      messages: [
        { role: 'user', parts: [{ type: 'file', fileId: 'file-abc' }, { type: 'text', text: 'hi' }] },
        { role: 'assistant', parts: [{ type: 'reasoning', text: '', signature: 'RW5jcnlwdGVk', redacted: true }, { type: 'tool-call', id: 'call_x', name: 'f', arguments: '{"a":' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'orphan', content: 'late', isError: true }] },
      ],
      reasoningEffort: 'none',
    };
    const encoded = encodeGeminiRequest(request);
    expect(encoded.contents).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ functionCall: { id: 'call_x', name: 'f', args: {} }, thoughtSignature: geminiSkipSignatureValidator }] },
      { role: 'user', parts: [{ functionResponse: { name: 'orphan', response: { error: 'late' } } }] },
    ]);
    expect(encoded.generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(request.warnings).toEqual([
      'file id "file-abc" cannot be sent to Gemini and the file was dropped',
      "redacted reasoning (another provider's encrypted thinking) cannot be expressed in Gemini and was dropped",
      'arguments of tool call "f" are not a JSON object and were replaced by {}',
      'tool result "orphan" answers no known call; its id was used as the function name',
    ]);
  });
});
