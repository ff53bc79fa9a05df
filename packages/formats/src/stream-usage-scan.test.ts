// The Anthropic and Gemini pass-through readers read events from their bytes; these tests hold them to the reference
// reading (every event decoded and parsed, as the readers did before) on ordinary and hostile events, split anywhere.
import { describe, expect, it } from 'vitest';
import { AnthropicMessagesStreamUsageReader, AnthropicUsageAccumulator } from './anthropic-messages/anthropic-messages-usage';
import { isJsonObject } from './gemini/gemini-content-codec';
import { GeminiStreamFramer } from './gemini/gemini-stream-framing';
import { GeminiStreamUsageReader, usageFromGemini } from './gemini/gemini-usage';
import { isRecord } from './json-values';
import { parseSseChunks } from './sse-parser';
import { roughTokenWeight } from './stream-usage-reader-base';

interface Reading {
  usage: unknown;
  text: string;
  roughTokens: number;
  finishReason: string | undefined;
}

function reading(usage: unknown, parts: readonly string[], finishReason: string | undefined): Reading {
  const text = parts.join('');
  return { usage, text, roughTokens: Math.ceil(roughTokenWeight(text) / 3), finishReason };
}

const collectInto =
  (parts: string[]) =>
  (value: unknown): void => {
    if (typeof value === 'string' && value.length > 0) parts.push(value);
  };

/** The reference Anthropic reading (collecting text). */
function anthropicReference(chunks: readonly Buffer[]): Reading & { done: boolean } {
  const accumulator = new AnthropicUsageAccumulator();
  const parts: string[] = [];
  const collect = collectInto(parts);
  let stop: string | undefined;
  let done = false;
  for (const event of parseSseChunks(chunks)) {
    if (event.event === 'message_stop') {
      done = true;
      continue;
    }
    if (event.event !== undefined && event.event !== 'message_start' && event.event !== 'message_delta' && !event.event.startsWith('content_block_')) continue;
    let payload: unknown;
    try {
      payload = JSON.parse(event.data);
    } catch {
      continue;
    }
    if (!isRecord(payload)) continue;
    if (payload.type === 'message_start') {
      if (isRecord(payload.message)) accumulator.merge(payload.message.usage);
    } else if (payload.type === 'message_delta') {
      accumulator.merge(payload.usage);
      const delta = isRecord(payload.delta) ? payload.delta : {};
      if (typeof delta.stop_reason === 'string') stop = delta.stop_reason;
    } else if (payload.type === 'message_stop') done = true;
    else {
      const block = isRecord(payload.content_block) ? payload.content_block : undefined;
      if (block?.type === 'tool_use') collect(block.name);
      const delta = isRecord(payload.delta) ? payload.delta : undefined;
      for (const key of ['text', 'thinking', 'partial_json'] as const) collect(delta?.[key]);
    }
  }
  return { ...reading(accumulator.usage, parts, stop), done };
}

function anthropicRead(chunks: readonly Buffer[]): Reading & { done: boolean } {
  const reader = new AnthropicMessagesStreamUsageReader({ collectText: true });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { usage: reader.usage, text: reader.text, roughTokens: reader.roughTokens, finishReason: reader.finishReason, done: reader.done };
}

/** The reference Gemini reading (collecting text). */
function geminiReference(chunks: readonly Buffer[]): Reading {
  let usage: unknown;
  let finish: string | undefined;
  const parts: string[] = [];
  const collect = collectInto(parts);
  const framer = new GeminiStreamFramer((json) => {
    let chunk: unknown;
    try {
      chunk = JSON.parse(json);
    } catch {
      return;
    }
    if (!isJsonObject(chunk)) return;
    usage = usageFromGemini(chunk.usageMetadata) ?? usage;
    const candidate: unknown = Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined;
    if (!isJsonObject(candidate)) return;
    if (typeof candidate.finishReason === 'string') finish = candidate.finishReason;
    const contentParts = isJsonObject(candidate.content) && Array.isArray(candidate.content.parts) ? candidate.content.parts : [];
    for (const part of contentParts) {
      if (!isJsonObject(part)) continue;
      collect(part.text);
      if (isJsonObject(part.functionCall)) {
        collect(part.functionCall.name);
        collect(JSON.stringify(part.functionCall.args ?? {}));
      }
    }
  });
  for (const chunk of chunks) framer.push(chunk);
  framer.end();
  return reading(usage, parts, finish);
}

function geminiRead(chunks: readonly Buffer[]): Reading {
  const reader = new GeminiStreamUsageReader({ collectText: true });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { usage: reader.usage, text: reader.text, roughTokens: reader.roughTokens, finishReason: reader.finishReason };
}

const anthropicEvents: Array<[string | undefined, string]> = [
  ['message_start', '{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"usage":{"input_tokens":10,"cache_read_input_tokens":2,"output_tokens":1}}}'],
  ['content_block_start', '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}'],
  ['ping', '{"type": "ping"}'],
  ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello \\"there\\" 敏感词 😀"}}'],
  ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm\\n"}}'],
  ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"c2ln"}}'],
  ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"text":"a","text":"repeated"}}'],
  ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"text":"broken"}'],
  ['content_block_delta', '{"type":"message_delta","delta":{"stop_reason":"odd"},"usage":{"output_tokens":3}}'],
  ['content_block_start', '{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"get_weather","input":{}}}'],
  ['content_block_delta', '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"city\\": \\"Par"}}'],
  ['content_block_stop', '{"type":"content_block_stop","index":1}'],
  [undefined, '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" unnamed"}}'],
  ['message_delta', '{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":42}}'],
  ['message_stop', '{"type":"message_stop"}'],
];

const geminiChunks = [
  '{"candidates":[{"content":{"parts":[{"text":"w1"}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":10,"totalTokenCount":10},"modelVersion":"gemini-2.5-flash"}',
  '{"candidates":[{"content":{"parts":[{"text":" \\u00e9 敏感词 😀 \\"q\\""}],"role":"model"},"index":0}]}',
  '{"candidates":[{"content":{"parts":[{"text":"thought","thought":true},{"text":"two parts"}],"role":"model"}}]}',
  '{"candidates":[{"content":{"parts":[{"functionCall":{"name":"get_weather","args":{"city":"Paris"}}}],"role":"model"}}]}',
  '{"candidates":[{"content":{"parts":[{"text":"first candidate"}]}},{"content":{"parts":[{"text":"second candidate"}]}}]}',
  '{"candidates":[{"content":{"parts":[{"text":"broken"}]}}]',
  '{"candidates":[{"content":{"parts":[{"text":" end"}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":10,"candidatesTokenCount":20,"totalTokenCount":30,"thoughtsTokenCount":4}}',
];

function splits(bytes: Buffer): Buffer[][] {
  const result: Buffer[][] = [[bytes], [...bytes].map((byte) => Buffer.from([byte]))];
  for (let at = 1; at < bytes.length; at += 1) result.push([bytes.subarray(0, at), bytes.subarray(at)]);
  return result;
}

describe('AnthropicMessagesStreamUsageReader reads event bytes as the reference parse does', () => {
  for (const [name, data] of anthropicEvents) {
    it(`${name ?? 'an unnamed event'}: ${data.slice(0, 60)}`, () => {
      const bytes = Buffer.from(`${name === undefined ? '' : `event: ${name}\n`}data: ${data}\n\n`, 'utf8');
      expect(anthropicRead([bytes])).toEqual(anthropicReference([bytes]));
    });
  }

  it('reads a whole stream the same, split across two reads at every byte position, LF or CRLF', () => {
    for (const lineEnd of ['\n', '\r\n']) {
      const text = anthropicEvents.map(([name, data]) => `${name === undefined ? '' : `event: ${name}${lineEnd}`}data: ${data}${lineEnd}${lineEnd}`).join('');
      const bytes = Buffer.from(text, 'utf8');
      const expected = anthropicReference([bytes]);
      expect(expected).toMatchObject({ done: true, finishReason: 'end_turn' });
      expect(expected.text.length).toBeGreaterThan(20);
      for (const chunks of splits(bytes)) expect(anthropicRead(chunks)).toEqual(expected);
    }
  });
});

describe('GeminiStreamUsageReader reads chunk bytes as the reference parse does', () => {
  for (const data of geminiChunks) {
    it(data.slice(0, 80), () => {
      const bytes = Buffer.from(`data: ${data}\r\n\r\n`, 'utf8');
      expect(geminiRead([bytes])).toEqual(geminiReference([bytes]));
    });
  }

  it('reads a whole stream the same, SSE or a JSON array, split across two reads at every byte position', () => {
    const framings = [geminiChunks.map((data) => `data: ${data}\r\n\r\n`).join(''), `[${geminiChunks.filter((data) => !data.endsWith(']')).join('\n,\r\n')}\n]`];
    for (const text of framings) {
      const bytes = Buffer.from(text, 'utf8');
      const expected = geminiReference([bytes]);
      expect(expected).toMatchObject({ finishReason: 'STOP', usage: { inputTokens: 10, outputTokens: 24 } });
      for (const chunks of splits(bytes)) expect(geminiRead(chunks)).toEqual(expected);
    }
  });
});
