// The strict mock's provider rules: each refuses what the provider documents it refuses, in the provider's own 400
// shape, and lets the corrected request through.
import { describe, expect, it } from 'vitest';
import { agentMove } from './agent-turns';
import { anthropicRules, issuedThinkingRule } from './strict-anthropic-rules';
import { functionCallKey, geminiRules, issuedThoughtsRule } from './strict-gemini-rules';
import { openAiChatRules, openAiResponsesRules } from './strict-openai-rules';
import { firstRefusal } from './strict-rule';

const hi = [{ role: 'user', content: 'hi' }];

describe('OpenAI chat rules', () => {
  it('refuses a user longer than 64 characters as string_above_max_length', () => {
    expect(firstRefusal(openAiChatRules, { model: 'gpt-4.1', messages: hi, user: 'u'.repeat(186) })).toEqual({
      status: 400,
      body: { error: { message: "Invalid 'user': string too long. Expected a string with maximum length 64, but got a string with length 186 instead.", type: 'invalid_request_error', param: 'user', code: 'string_above_max_length' } },
    });
    expect(firstRefusal(openAiChatRules, { model: 'gpt-4.1', messages: hi, user: 'u'.repeat(64) })).toBeUndefined();
  });

  it('refuses max_tokens and a non-default temperature on reasoning models, reasoning_effort on the others', () => {
    expect(firstRefusal(openAiChatRules, { model: 'gpt-5', messages: hi, max_tokens: 10 })?.body).toMatchObject({ error: { param: 'max_tokens', code: 'unsupported_parameter' } });
    expect(firstRefusal(openAiChatRules, { model: 'o3', messages: hi, temperature: 0.2 })?.body).toMatchObject({ error: { param: 'temperature', code: 'unsupported_value' } });
    expect(firstRefusal(openAiChatRules, { model: 'gpt-4.1', messages: hi, reasoning_effort: 'high' })?.body).toMatchObject({ error: { param: 'reasoning_effort' } });
    expect(firstRefusal(openAiChatRules, { model: 'gpt-5', messages: hi, max_completion_tokens: 10, reasoning_effort: 'high' })).toBeUndefined();
  });

  it('refuses unanswered tool calls and tool messages that answer nothing', () => {
    const call = { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'Bash', arguments: '{}' } }] };
    expect(firstRefusal(openAiChatRules, { model: 'gpt-4.1', messages: [...hi, call, { role: 'user', content: 'next' }] })?.body).toMatchObject({
      error: { message: expect.stringContaining("did not have response messages: call_1") as unknown },
    });
    expect(firstRefusal(openAiChatRules, { model: 'gpt-4.1', messages: [...hi, { role: 'tool', tool_call_id: 'call_9', content: 'x' }] })?.body).toMatchObject({
      error: { message: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'." },
    });
    expect(firstRefusal(openAiChatRules, { model: 'gpt-4.1', messages: [...hi, call, { role: 'tool', tool_call_id: 'call_1', content: 'x' }] })).toBeUndefined();
  });

  it('refuses tool names outside the pattern', () => {
    const tools = [{ type: 'function', function: { name: 'mcp.server/tool', parameters: {} } }];
    expect(firstRefusal(openAiChatRules, { model: 'gpt-4.1', messages: hi, tools })?.body).toMatchObject({ error: { param: 'tools[0].function.name', code: 'invalid_value' } });
  });
});

describe('OpenAI Responses rules', () => {
  it('refuses reasoning.effort on a model without reasoning, and encrypted reasoning it did not issue', () => {
    expect(firstRefusal(openAiResponsesRules, { model: 'gpt-4.1', input: 'hi', reasoning: { effort: 'high' } })?.body).toMatchObject({ error: { param: 'reasoning.effort' } });
    const input = [{ type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'placeholder' }, { role: 'user', content: 'hi' }];
    expect(firstRefusal(openAiResponsesRules, { model: 'gpt-5', input })?.body).toMatchObject({ error: { code: 'invalid_encrypted_content' } });
    expect(firstRefusal(openAiResponsesRules, { model: 'gpt-5', input: [{ ...input[0], encrypted_content: 'mock-encrypted-3' }, input[1]] })).toBeUndefined();
  });

  it('refuses a function call whose output is missing before the next message', () => {
    const input = [{ role: 'user', content: 'hi' }, { type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{}' }, { role: 'user', content: 'next' }];
    expect(firstRefusal(openAiResponsesRules, { model: 'gpt-5', input })?.body).toMatchObject({ error: { message: 'No tool output found for function call call_1.' } });
  });
});

describe('Anthropic rules', () => {
  const base = { model: 'claude-sonnet-4-5', max_tokens: 2000, messages: hi };

  it('refuses effort on models without it, temperature with top_p on 4.5 models, and budgets out of range', () => {
    expect(firstRefusal(anthropicRules, { ...base, output_config: { effort: 'high' } })).toEqual({
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message: 'This model does not support the effort parameter.' }, request_id: 'req_011CMockUpstream' },
    });
    expect(firstRefusal(anthropicRules, { ...base, model: 'claude-opus-4-6', output_config: { effort: 'high' } })).toBeUndefined();
    expect(firstRefusal(anthropicRules, { ...base, temperature: 1, top_p: 0.9 })?.body).toMatchObject({ error: { message: '`temperature` and `top_p` cannot both be specified for this model. Please use only one.' } });
    expect(firstRefusal(anthropicRules, { ...base, model: 'claude-3-7-sonnet-20250219', temperature: 1, top_p: 0.9 })).toBeUndefined();
    expect(firstRefusal(anthropicRules, { ...base, thinking: { type: 'enabled', budget_tokens: 512 } })?.body).toMatchObject({ error: { message: 'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024' } });
    expect(firstRefusal(anthropicRules, { ...base, thinking: { type: 'enabled', budget_tokens: 2000 } })?.body).toMatchObject({ error: { message: expect.stringContaining('`max_tokens` must be greater than `thinking.budget_tokens`') as unknown } });
  });

  it('refuses unsigned or forged thinking, and a tool loop whose assistant turn lost its thinking while thinking is on', () => {
    const loop = (assistant: unknown[]): Record<string, unknown> => ({
      ...base,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [...hi, { role: 'assistant', content: assistant }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'ok' }] }],
    });
    const use = { type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {} };
    expect(firstRefusal(anthropicRules, loop([{ type: 'thinking', thinking: 't' }, use]))?.body).toMatchObject({ error: { message: 'messages.1.content.0.thinking.signature: Field required' } });
    expect(firstRefusal(anthropicRules, loop([{ type: 'thinking', thinking: 't', signature: 'forged' }, use]))?.body).toMatchObject({ error: { message: 'messages.1.content.0: Invalid `signature` in `thinking` block' } });
    expect(firstRefusal(anthropicRules, loop([use]))?.body).toMatchObject({ error: { message: expect.stringContaining('Expected `thinking` or `redacted_thinking`, but found `tool_use`') as unknown } });
    expect(firstRefusal(anthropicRules, loop([{ type: 'thinking', thinking: 't', signature: 'mock-signature-1' }, use]))).toBeUndefined();
  });
});

describe('Gemini rules', () => {
  const call = { role: 'model', parts: [{ functionCall: { name: 'run_shell_command', args: {} }, thoughtSignature: 'mock-thought-1' }] };
  const result = { role: 'user', parts: [{ functionResponse: { name: 'run_shell_command', response: { output: 'x' } } }] };
  const ask = { role: 'user', parts: [{ text: 'hi' }] };

  it('refuses schema fields outside the OpenAPI subset in `parameters`', () => {
    const tools = [{ functionDeclarations: [{ name: 'f', parameters: { type: 'object', additionalProperties: false, properties: {} } }] }];
    expect(firstRefusal(geminiRules, { model: 'gemini-2.5-flash', contents: [ask], tools })).toEqual({
      status: 400,
      body: { error: { code: 400, message: 'Invalid JSON payload received. Unknown name "additionalProperties" at \'tools[0].function_declarations[0].parameters\': Cannot find field.', status: 'INVALID_ARGUMENT' } },
    });
  });

  it('refuses a response turn that follows no call turn, and a call turn right after a model turn', () => {
    expect(firstRefusal(geminiRules, { model: 'gemini-2.5-flash', contents: [ask, result] })?.body).toMatchObject({ error: { message: 'Please ensure that function response turn comes immediately after a function call turn.' } });
    expect(firstRefusal(geminiRules, { model: 'gemini-2.5-flash', contents: [ask, { role: 'model', parts: [{ text: 'ok' }] }, call, result] })?.body).toMatchObject({
      error: { message: 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.' },
    });
    expect(firstRefusal(geminiRules, { model: 'gemini-2.5-flash', contents: [ask, call, result] })).toBeUndefined();
  });

  it('refuses a Gemini 3 call of the current turn without its signature or with a forged one; the documented placeholder passes', () => {
    const unsigned = { role: 'model', parts: [{ functionCall: { name: 'run_shell_command', args: {} } }] };
    expect(firstRefusal(geminiRules, { model: 'gemini-3-pro-preview', contents: [ask, unsigned, result] })?.body).toMatchObject({ error: { message: expect.stringContaining('Function call is missing a thought_signature') as unknown } });
    const forged = { role: 'model', parts: [{ functionCall: { name: 'run_shell_command', args: {} }, thoughtSignature: 'abc' }] };
    expect(firstRefusal(geminiRules, { model: 'gemini-3-pro-preview', contents: [ask, forged, result] })?.body).toMatchObject({ error: { message: 'Corrupted thought signature.' } });
    const placeholder = { role: 'model', parts: [{ functionCall: { name: 'run_shell_command', args: {} }, thoughtSignature: 'skip_thought_signature_validator' }] };
    expect(firstRefusal(geminiRules, { model: 'gemini-3-pro-preview', contents: [ask, placeholder, result] })).toBeUndefined();
    expect(firstRefusal(geminiRules, { model: 'gemini-2.5-flash', contents: [ask, unsigned, result] })).toBeUndefined();
  });

  it('refuses thinking budgets outside the model family’s range', () => {
    const body = (model: string, thinkingBudget: number): Record<string, unknown> => ({ model, contents: [ask], generationConfig: { thinkingConfig: { thinkingBudget } } });
    expect(firstRefusal(geminiRules, body('gemini-2.5-pro', 0))?.body).toMatchObject({ error: { message: 'Budget 0 is invalid. This model only works in thinking mode.' } });
    expect(firstRefusal(geminiRules, body('gemini-2.5-flash', 30000))?.body).toMatchObject({ error: { message: 'The thinking budget 30000 is invalid. Please choose a value between 1 and 24576.' } });
    expect(firstRefusal(geminiRules, body('gemini-2.5-flash', 0))).toBeUndefined();
  });
});

describe('reasoning the mock issued comes back unchanged', () => {
  const thinking = { type: 'thinking', thinking: 'Mock thinking.', signature: 'mock-signature-1' };
  const toolUse = { type: 'tool_use', id: 'toolu_mock_1', name: 'Bash', input: { command: 'ls' } };
  const result = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_mock_1', content: 'ok' }] };
  const anthropicLoop = (content: unknown[], thinkingOn = true): Record<string, unknown> => ({
    model: 'claude-sonnet-4-5',
    max_tokens: 4096,
    ...(thinkingOn ? { thinking: { type: 'enabled', budget_tokens: 2048 } } : {}),
    messages: [...hi, { role: 'assistant', content }, result],
  });
  const rule = issuedThinkingRule(new Map([['toolu_mock_1', { text: 'Mock thinking.', signature: 'mock-signature-1' }]]));

  it('Anthropic, thinking on: a tool_use it issued with thinking needs that same signed block before it', () => {
    expect(rule(anthropicLoop([thinking, toolUse]))).toBeUndefined();
    expect(rule(anthropicLoop([thinking, { type: 'text', text: 'Running it.' }, toolUse]))).toBeUndefined();
    expect(rule(anthropicLoop([toolUse]))).toMatchObject({
      status: 400,
      body: { type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`.') as unknown } },
    });
    expect(rule(anthropicLoop([{ ...thinking, signature: 'mock-signature-7' }, toolUse]))?.body).toMatchObject({ error: { message: 'messages.1.content.0: Invalid `signature` in `thinking` block' } });
    expect(rule(anthropicLoop([{ ...thinking, thinking: 'Edited thinking.' }, toolUse]))?.body).toMatchObject({ error: { message: 'messages.1.content.0: Invalid `signature` in `thinking` block' } });
    // Thinking off, or a tool_use it issued without thinking: nothing to check.
    expect(rule(anthropicLoop([toolUse], false))).toBeUndefined();
    expect(rule(anthropicLoop([{ ...toolUse, id: 'toolu_mock_2' }]))).toBeUndefined();
  });

  it('Gemini: a call it issued with a thought signature carries that signature back, not the placeholder', () => {
    const issued = issuedThoughtsRule(new Map([[functionCallKey('run_shell_command', { command: 'ls', dir: '.' }), new Set(['mock-thought-1'])]]));
    const loop = (part: Record<string, unknown>): Record<string, unknown> => ({
      model: 'gemini-2.5-flash',
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }, { role: 'model', parts: [part] }, { role: 'user', parts: [{ functionResponse: { name: 'run_shell_command', response: {} } }] }],
    });
    const call = { functionCall: { name: 'run_shell_command', args: { dir: '.', command: 'ls' } } };
    expect(issued(loop({ ...call, thoughtSignature: 'mock-thought-1' }))).toBeUndefined();
    expect(issued(loop(call))?.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('Function call is missing a thought_signature') as unknown } });
    expect(issued(loop({ ...call, thoughtSignature: 'skip_thought_signature_validator' }))?.body).toMatchObject({ error: { message: 'Corrupted thought signature.' } });
    expect(issued(loop({ functionCall: { name: 'run_shell_command', args: { command: 'pwd' } } }))).toBeUndefined();
  });
});

describe('the scripted agent model', () => {
  it('calls the shell tool by its schema, then answers with the tool output', () => {
    const tools = [{ type: 'function', name: 'exec_command', parameters: { type: 'object', properties: { cmd: { type: 'string' } } } }];
    expect(agentMove('openai-responses', { input: 'go', tools })).toEqual({ kind: 'call', call: { name: 'exec_command', arguments: { cmd: "printf 'agent-loop-%s\\n' 42" } } });
    const anthropicTools = [{ name: 'Bash', input_schema: { type: 'object', properties: { command: { type: 'string' } } } }];
    expect(agentMove('anthropic', { messages: hi, tools: anthropicTools })).toEqual({ kind: 'call', call: { name: 'Bash', arguments: { command: "printf 'agent-loop-%s\\n' 42" } } });
    const done = { messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'agent-loop-42' }] }], tools: anthropicTools };
    expect(agentMove('anthropic', done)).toEqual({ kind: 'answer', pieces: ['The command printed: ', 'agent-loop-42'] });
    expect(agentMove('openai-chat', { messages: hi })).toEqual({ kind: 'chat' });
  });
});
