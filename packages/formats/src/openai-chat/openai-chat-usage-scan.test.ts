// The OpenAI chat pass-through reader reads chunks from their bytes; these tests hold it to the reference reading
// (every chunk decoded and parsed, as the reader did before) on ordinary and hostile chunks, split anywhere.
import { describe, expect, it } from 'vitest';
import { isRecord, type JsonRecord } from '../json-values';
import { parseSseChunks } from '../sse-parser';
import { roughTokenWeight } from '../stream-usage-reader-base';
import { contentTexts } from './openai-chat-content-parts';
import { chunkUsageOf, OpenAiChatStreamUsageReader, usageFromOpenAi } from './openai-chat-usage';

/** The reference reading: every event parsed whole. */
function referenceRead(chunks: readonly Buffer[]): { usage: unknown; text: string; roughTokens: number; finishReason: string | undefined; done: boolean } {
  let usage: unknown = undefined;
  let finishReason: string | undefined;
  let done = false;
  const parts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.length > 0) parts.push(value);
  };
  for (const event of parseSseChunks(chunks)) {
    if (event.data === '[DONE]') {
      done = true;
      continue;
    }
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      continue;
    }
    if (!isRecord(chunk)) continue;
    usage = usageFromOpenAi(chunkUsageOf(chunk)) ?? usage;
    if (!Array.isArray(chunk.choices)) continue;
    for (const choice of chunk.choices as unknown[]) {
      if (!isRecord(choice)) continue;
      if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      collect(choice.text);
      const delta = choice.delta;
      if (!isRecord(delta)) continue;
      collect(delta.reasoning_content);
      collect(delta.reasoning);
      const content = contentTexts(delta.content);
      collect(content.reasoning);
      collect(content.text);
      if (!Array.isArray(delta.tool_calls)) continue;
      for (const call of delta.tool_calls as unknown[]) {
        const fn: JsonRecord | undefined = isRecord(call) && isRecord(call.function) ? call.function : undefined;
        collect(fn?.name);
        collect(fn?.arguments);
      }
    }
  }
  const text = parts.join('');
  return { usage, text, roughTokens: Math.ceil(roughTokenWeight(text) / 3), finishReason, done };
}

function read(chunks: readonly Buffer[]): ReturnType<typeof referenceRead> {
  const reader = new OpenAiChatStreamUsageReader({ collectText: true });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { usage: reader.usage, text: reader.text, roughTokens: reader.roughTokens, finishReason: reader.finishReason, done: reader.done };
}

const base = '"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o-mini"';
/** Chunk data lines, each one event: ordinary ones first, then the ones a byte scan could misread. */
const chunkData: Record<string, string> = {
  role: `{${base},"choices":[{"index":0,"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}],"usage":null}`,
  content: `{${base},"choices":[{"index":0,"delta":{"content":" w2"},"logprobs":null,"finish_reason":null}]}`,
  escapes: `{${base},"choices":[{"index":0,"delta":{"content":"line\\nbreak \\"quoted\\" \\\\ \\/ \\t\\u00e9\\u4e2d"}}]}`,
  surrogates: `{${base},"choices":[{"index":0,"delta":{"content":"\\ud83d\\ude00 and a lone \\ud800"}}]}`,
  utf8: `{${base},"choices":[{"index":0,"delta":{"content":"敏感词 😀 ｂａｄ é"}}]}`,
  reasoning: `{${base},"choices":[{"index":0,"delta":{"reasoning_content":"think"}}]}`,
  'reasoning and content (the reference order decides)': `{${base},"choices":[{"index":0,"delta":{"content":"B","reasoning_content":"A"}}]}`,
  'content parts (Magistral)': `{${base},"choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"hm"}]},{"type":"text","text":"ok"}]}}]}`,
  'tool call start': `{${base},"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":""}}]}}]}`,
  'tool call arguments': `{${base},"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\\"city\\":\\"Paris\\"}"}}]}}]}`,
  'legacy completion text': `{"id":"cmpl-1","object":"text_completion","choices":[{"text":" legacy","index":0,"logprobs":null,"finish_reason":null}]}`,
  'two choices': `{${base},"choices":[{"index":0,"delta":{"content":"x"}},{"index":1,"delta":{"content":"y"}}]}`,
  'repeated key (JSON.parse keeps the last)': `{${base},"choices":[{"index":0,"delta":{"content":"first","content":"second"}}]}`,
  'repeated key ending in null': `{${base},"choices":[{"index":0,"delta":{"content":"first","content":null}}]}`,
  'repeated choices': `{${base},"choices":[{"delta":{"content":"dropped"}}],"choices":[]}`,
  'escaped key': `{${base},"choices":[{"index":0,"delta":{"con\\u0074ent":"escaped key"}}]}`,
  'logprobs content is not text': `{${base},"choices":[{"index":0,"delta":{"content":"t"},"logprobs":{"content":[{"token":"t","logprob":-0.1,"bytes":[116],"top_logprobs":[]}]}}]}`,
  'content inside another object': `{${base},"choices":[{"index":0,"delta":{"audio":{"content":"not text"}}}]}`,
  'choices not an array': `{${base},"choices":{"delta":{"content":"nope"}}}`,
  'top level array': `[{"choices":[{"delta":{"content":"nope"}}]}]`,
  'invalid JSON (truncated)': `{${base},"choices":[{"index":0,"delta":{"content":"cut"}}]`,
  'invalid JSON (raw control character)': `{${base},"choices":[{"index":0,"delta":{"content":"tab\there"}}]}`,
  'invalid JSON (bad escape)': `{${base},"choices":[{"index":0,"delta":{"content":"bad \\x escape"}}]}`,
  'invalid JSON (bad number)': `{${base},"created":01,"choices":[{"index":0,"delta":{"content":"n"}}]}`,
  'numbers and literals': `{"a":-0.5e+10,"b":[true,false,null,0,1.25E-3],${base.slice(0, 0)}"choices":[{"index":0,"delta":{"content":"lit"},"finish_reason":"stop"}]}`,
  whitespace: ` { "choices" : [ { "delta" : { "content" : "spaced" } , "finish_reason" : "length" } ] } `,
  'finish reason': `{${base},"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
  'usage last': `{${base},"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":20,"total_tokens":32,"prompt_tokens_details":{"cached_tokens":2}}}`,
  'usage not an object': `{${base},"choices":[{"delta":{"content":"u"}}],"usage":5}`,
  'Groq usage': `{${base},"choices":[],"x_groq":{"id":"req_1","usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}}`,
  'usage on every chunk': `{${base},"choices":[{"delta":{"content":"e"}}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}`,
  'deep nesting': `{${base},"extra":${'['.repeat(100)}${']'.repeat(100)},"choices":[{"delta":{"content":"deep"}}]}`,
};

const done = 'data: [DONE]\n\n';

describe('OpenAiChatStreamUsageReader reads chunk bytes as the reference parse does', () => {
  for (const [name, data] of Object.entries(chunkData)) {
    it(name, () => {
      const bytes = Buffer.from(`data: ${data}\n\n${done}`, 'utf8');
      expect(read([bytes])).toEqual(referenceRead([bytes]));
    });
  }

  it('invalid UTF-8 inside a text value reads as the decoded reference does', () => {
    const bytes = Buffer.concat([Buffer.from('data: {"choices":[{"delta":{"content":"bad '), Buffer.from([0xe4, 0xb8, 0x41, 0xff]), Buffer.from('"}}]}\n\n')]);
    const reference = referenceRead([bytes]);
    expect(reference.text).toContain('\ufffd');
    expect(read([bytes])).toEqual(reference);
  });

  it('reads a stream of every kind of chunk the same, whole and in reads of every length', () => {
    const bytes = Buffer.from(Object.values(chunkData).map((data) => `data: ${data}\n\n`).join('') + done, 'utf8');
    const expected = referenceRead([bytes]);
    expect(expected.text.length).toBeGreaterThan(50);
    expect(expected.usage).toBeDefined();
    expect(read([bytes])).toEqual(expected);
    for (const size of [1, 2, 3, 7, 64, 333]) {
      const reads: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) reads.push(bytes.subarray(at, at + size));
      expect(read(reads)).toEqual(expected);
    }
  });

  it('reads chunks split across two reads at every byte position, with or without the space, LF or CRLF', () => {
    const events = ['role', 'escapes', 'utf8', 'tool call arguments', 'finish reason', 'usage last'].map((name) => chunkData[name] as string);
    const variants = [events.map((data) => `data: ${data}\n\n`).join('') + done, events.map((data) => `data:${data}\r\n\r\n`).join('') + ': keep-alive\r\n\r\ndata:[DONE]\r\n\r\n'];
    for (const text of variants) {
      const bytes = Buffer.from(text, 'utf8');
      const expected = referenceRead([bytes]);
      expect(expected.done).toBe(true);
      for (let at = 1; at < bytes.length; at += 1) expect(read([bytes.subarray(0, at), bytes.subarray(at)])).toEqual(expected);
    }
  });

  it('keeps the usage of a stream without text collection, and no text', () => {
    const bytes = Buffer.from(`data: ${chunkData.content}\n\ndata: ${chunkData['usage last']}\n\n${done}`);
    const reader = new OpenAiChatStreamUsageReader();
    reader.push(bytes);
    reader.end();
    expect(reader.usage).toEqual({ inputTokens: 12, outputTokens: 20, cacheReadTokens: 2, cacheWriteTokens: 0, reasoningTokens: 0 });
    expect(reader.text).toBe('');
    expect(reader.done).toBe(true);
  });
});
