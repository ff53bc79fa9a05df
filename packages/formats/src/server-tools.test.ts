// Anthropic server-tool blocks in the canonical model: every documented block kind decodes (call, sources, output,
// errors), Anthropic clients get the blocks back unchanged, Responses clients get web searches as `web_search_call`
// items and Gemini clients as grounding, and every other server tool reaches every other format as a text summary after the answer, with its sources
// cited there — whole and streamed, never dropped.
import { describe, expect, it } from 'vitest';
import type { CanonicalResponse, CanonicalStreamPart } from './canonical-model';
import { collectStreamParts, streamPartsOf } from './canonical-stream-collect';
import { findFormat } from './format-registry';
import { decodeAnthropicServerTool, summariseServerTool } from './server-tools';

const blocks = {
  codeCall: { type: 'server_tool_use', id: 'srvtoolu_c1', name: 'code_execution', input: { code: 'print(6 * 7)' } },
  codeResult: { type: 'code_execution_tool_result', tool_use_id: 'srvtoolu_c1', content: { type: 'code_execution_result', stdout: '42\n', stderr: '', return_code: 0, content: [] } },
  bashCall: { type: 'server_tool_use', id: 'srvtoolu_b1', name: 'bash_code_execution', input: { command: 'ls /nope' } },
  bashResult: { type: 'bash_code_execution_tool_result', tool_use_id: 'srvtoolu_b1', content: { type: 'bash_code_execution_result', stdout: '', stderr: 'ls: cannot access', return_code: 2, content: [] } },
  fetchCall: { type: 'server_tool_use', id: 'srvtoolu_f1', name: 'web_fetch', input: { url: 'https://example.com/a' } },
  fetchResult: {
    type: 'web_fetch_tool_result',
    tool_use_id: 'srvtoolu_f1',
    content: { type: 'web_fetch_result', url: 'https://example.com/a', retrieved_at: '2025-11-20T10:00:00Z', content: { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'A page.' }, title: 'Page A' } },
  },
  searchError: { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_s1', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
  mcpCall: { type: 'mcp_tool_use', id: 'mcptoolu_1', name: 'lookup', server_name: 'crm', input: { customer: 7 } },
  mcpResult: { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', is_error: false, content: [{ type: 'text', text: 'Customer 7: Ada' }] },
};

const answer = (content: unknown[]): CanonicalResponse => {
  const codec = findFormat('anthropic-messages')!;
  return codec.decodeResponse(codec.responseSchema.parse({ id: 'msg_st', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content, stop_reason: 'end_turn', usage: { input_tokens: 5, output_tokens: 9 } }));
};

describe('Anthropic server-tool blocks', () => {
  it('decode every documented kind: calls with their input, results with sources, output or error', () => {
    const raw = (block: Record<string, unknown>) => ({ format: 'anthropic-messages', block });
    expect(decodeAnthropicServerTool(blocks.codeCall)).toEqual({ type: 'server-tool', kind: 'call', name: 'code_execution', id: 'srvtoolu_c1', input: '{"code":"print(6 * 7)"}', raw: raw(blocks.codeCall) });
    expect(decodeAnthropicServerTool(blocks.codeResult)).toEqual({ type: 'server-tool', kind: 'result', name: 'code_execution', id: 'srvtoolu_c1', output: '42\n', raw: raw(blocks.codeResult) });
    expect(decodeAnthropicServerTool(blocks.bashResult)).toMatchObject({ name: 'bash_code_execution', output: 'ls: cannot access\nreturn code 2' });
    expect(decodeAnthropicServerTool(blocks.fetchResult)).toMatchObject({ name: 'web_fetch', sources: [{ url: 'https://example.com/a', title: 'Page A' }] });
    expect(decodeAnthropicServerTool(blocks.searchError)).toMatchObject({ name: 'web_search', output: 'max_uses_exceeded', isError: true });
    expect(decodeAnthropicServerTool(blocks.mcpCall)).toMatchObject({ kind: 'call', name: 'crm.lookup', id: 'mcptoolu_1', input: '{"customer":7}' });
    expect(decodeAnthropicServerTool(blocks.mcpResult)).toMatchObject({ kind: 'result', name: 'mcp', id: 'mcptoolu_1', output: 'Customer 7: Ada' });
    expect(decodeAnthropicServerTool({ type: 'text', text: 'no' })).toBeUndefined();
  });

  it('summarise as text after the answer, citing the sources found', () => {
    const fetched = decodeAnthropicServerTool(blocks.fetchResult)!;
    const summary = summariseServerTool(fetched);
    expect(summary.text).toBe('\n\n[web_fetch result]\nPage A: https://example.com/a');
    const [citation] = summary.citations!;
    expect(summary.text.slice(citation.start, citation.end)).toBe('Page A: https://example.com/a');
    expect(summariseServerTool(decodeAnthropicServerTool(blocks.bashCall)!).text).toBe('\n\n[bash_code_execution] ls /nope');
    expect(summariseServerTool(decodeAnthropicServerTool(blocks.mcpCall)!).text).toBe('\n\n[crm.lookup] {"customer":7}');
  });

  const content = [{ type: 'text', text: 'Let me run it.' }, blocks.codeCall, blocks.codeResult, blocks.fetchCall, blocks.fetchResult, blocks.mcpCall, blocks.mcpResult, { type: 'text', text: 'It is 42.' }];
  const summaryText =
    '\n\n[code_execution] print(6 * 7)\n\n[code_execution result]\n42\n' +
    '\n\n[web_fetch] https://example.com/a\n\n[web_fetch result]\nPage A: https://example.com/a' +
    '\n\n[crm.lookup] {"customer":7}\n\n[mcp result]\nCustomer 7: Ada';

  it('reach Anthropic clients unchanged, whole and streamed', () => {
    const codec = findFormat('anthropic-messages')!;
    expect((codec.encodeResponse(answer(content)) as { content: unknown[] }).content).toEqual(content);
    const encoder = codec.createStreamEncoder({ metadata: { id: 'msg_st', model: 'm', created: 0 }, includeUsage: true });
    const text = streamPartsOf(answer(content)).map((part) => encoder.encode(part)).join('') + encoder.end();
    const starts = text.split('\n').filter((line) => line.startsWith('data: {"type":"content_block_start"')).map((line) => (JSON.parse(line.slice(6)) as { content_block: unknown }).content_block);
    expect(starts.slice(1, 7)).toEqual(content.slice(1, 7));
  });

  for (const target of ['openai-chat', 'openai-responses', 'gemini'] as const) {
    it(`reach ${target} clients as a summary after the answer with the fetched page cited, whole and streamed`, () => {
      const codec = findFormat(target)!;
      const whole = codec.decodeResponse(codec.encodeResponse(answer(content)) as never);
      const texts = (response: CanonicalResponse) => response.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
      const cited = (response: CanonicalResponse) => response.parts.flatMap((part) => (part.type === 'text' ? (part.citations ?? []).map((item) => item.url) : []));
      expect(texts(whole)).toBe('Let me run it.It is 42.' + summaryText);
      expect(cited(whole)).toEqual(['https://example.com/a']);
      const encoder = codec.createStreamEncoder({ metadata: { id: 'resp_st', model: 'm', created: 0 }, includeUsage: true });
      const stream = streamPartsOf(answer(content)).map((part) => encoder.encode(part)).join('') + encoder.end();
      const decoder = codec.createStreamDecoder();
      const back = collectStreamParts([...decoder.push(Buffer.from(stream, 'utf8')), ...decoder.end()] as CanonicalStreamPart[], { id: 'x', model: 'x', created: 0 });
      expect(texts(back)).toBe('Let me run it.It is 42.' + summaryText);
      expect(cited(back)).toEqual(['https://example.com/a']);
    });
  }

  it('a web search reaches Gemini clients as grounding: the query and the pages found, whole and streamed', () => {
    const search = [
      { type: 'server_tool_use', id: 'srvtoolu_s3', name: 'web_search', input: { query: 'Louvre opening hours' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_s3', content: [{ type: 'web_search_result', url: 'https://example.com/l', title: 'L', encrypted_content: 'x', page_age: null }] },
      { type: 'text', text: 'Nine to six.' },
    ];
    const grounding = { webSearchQueries: ['Louvre opening hours'], groundingChunks: [{ web: { uri: 'https://example.com/l', title: 'L' } }], groundingSupports: [] };
    const codec = findFormat('gemini')!;
    const whole = codec.encodeResponse(answer(search)) as { candidates: Array<{ content: { parts: Array<{ text?: string }> }; groundingMetadata?: unknown }> };
    expect(whole.candidates[0].groundingMetadata).toEqual(grounding);
    expect(whole.candidates[0].content.parts.map((part) => part.text).join('')).toBe('Nine to six.');
    const encoder = codec.createStreamEncoder({ metadata: { id: 'g', model: 'm', created: 0 }, includeUsage: true });
    const chunks = (streamPartsOf(answer(search)).map((part) => encoder.encode(part)).join('') + encoder.end())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { candidates?: Array<{ groundingMetadata?: unknown }> });
    expect(chunks.flatMap((chunk) => (chunk.candidates?.[0]?.groundingMetadata ? [chunk.candidates[0].groundingMetadata] : []))).toEqual([grounding]);
  });

  it('a web search reaches Responses clients as a web_search_call item with its query and sources', () => {
    const search = [
      { type: 'server_tool_use', id: 'srvtoolu_s2', name: 'web_search', input: { query: 'Eiffel Tower height' } },
      { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_s2', content: [{ type: 'web_search_result', url: 'https://example.com/e', title: 'E', encrypted_content: 'x', page_age: null }] },
      { type: 'text', text: 'Tall.' },
    ];
    const expected = { type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'Eiffel Tower height', sources: [{ type: 'url', url: 'https://example.com/e' }] } };
    const codec = findFormat('openai-responses')!;
    expect((codec.encodeResponse(answer(search)) as { output: unknown[] }).output[0]).toMatchObject(expected);
    const encoder = codec.createStreamEncoder({ metadata: { id: 'resp_st', model: 'm', created: 0 }, includeUsage: true });
    const events = (streamPartsOf(answer(search)).map((part) => encoder.encode(part)).join('') + encoder.end())
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; item?: unknown });
    expect(events.map((event) => event.type).filter((type) => type.includes('web_search_call') || type.startsWith('response.output_item'))).toEqual([
      'response.output_item.added',
      'response.web_search_call.in_progress',
      'response.web_search_call.searching',
      'response.web_search_call.completed',
      'response.output_item.done',
      'response.output_item.added',
      'response.output_item.done',
    ]);
    expect(events.find((event) => event.type === 'response.output_item.done')?.item).toMatchObject(expected);
  });
});
