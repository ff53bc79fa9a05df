import { describe, expect, it } from 'vitest';
import { SseByteFramer } from './sse-byte-framer';
import { parseSseChunks } from './sse-parser';

interface Framed {
  data: string;
  name: string | undefined;
}

function frame(chunks: readonly Buffer[], readNames = true): Framed[] {
  const events: Framed[] = [];
  const framer = new SseByteFramer((bytes, start, end, name) => events.push({ data: bytes.toString('utf8', start, end), name }), readNames);
  for (const chunk of chunks) framer.push(chunk);
  framer.end();
  return events;
}

/** What the reference parser dispatches for the same chunks, in the framer's terms. */
function reference(chunks: readonly Buffer[]): Framed[] {
  return parseSseChunks(chunks).map((event) => ({ data: event.data, name: event.event }));
}

function splits(bytes: Buffer): Buffer[][] {
  const result: Buffer[][] = [[bytes], [...bytes].map((byte) => Buffer.from([byte]))];
  for (let at = 1; at < bytes.length; at += 1) result.push([bytes.subarray(0, at), bytes.subarray(at)]);
  return result;
}

const streams: Record<string, string> = {
  'OpenAI chunks and [DONE]': 'data: {"choices":[{"delta":{"content":"a"}}]}\n\ndata: {"choices":[],"usage":{"prompt_tokens":1}}\n\ndata: [DONE]\n\n',
  'data without a space, CRLF': 'data:{"a":1}\r\n\r\ndata:{"b":"é"}\r\n\r\n',
  'CR only line ends': 'data: one\r\rdata: two\r\r',
  'comments and keep-alives': ': ping\n\n: keep-alive\ndata: x\n\n:\n\ndata: y\n\n',
  'event names (Anthropic)': 'event: message_start\ndata: {"type":"message_start"}\n\nevent: ping\ndata: {"type": "ping"}\n\nevent:content_block_delta\ndata: {"t":"中文"}\n\n',
  'multi-line data': 'data: {"a":\ndata: 1}\n\ndata\ndata: x\n\n',
  'other fields and a field without a colon': 'id: 7\nretry: 100\nfoo: bar\ndata: z\n\nevent\ndata: w\n\n',
  'multi-byte UTF-8 and emoji': 'data: {"t":"敏感词 😀 ｂａｄ"}\n\ndata: {"t":"é"}\n\n',
  'a last event without its blank line': 'data: a\n\ndata: {"usage":{"x":1}}',
  'a blank line with no data, and an event line alone': '\n\nevent: lonely\n\ndata: after\n\n',
  'a byte order mark': '\ufeffdata: bom\n\n',
};

describe('SseByteFramer', () => {
  for (const [name, text] of Object.entries(streams)) {
    const bytes = Buffer.from(text, 'utf8');
    it(`frames like SseParser: ${name}, whole and split at every byte position`, () => {
      expect(reference([bytes]).length).toBeGreaterThan(0);
      for (const chunks of splits(bytes)) expect(frame(chunks)).toEqual(reference(chunks));
    });
  }

  it('keeps an open event intact when the caller reuses its chunk buffer', () => {
    const events: string[] = [];
    const framer = new SseByteFramer((bytes, start, end) => events.push(bytes.toString('utf8', start, end)));
    const chunk = Buffer.from('data: {"x":"first"}\n');
    framer.push(chunk);
    chunk.fill(0x41);
    framer.push(Buffer.from('\ndata: second\n\n'));
    expect(events).toEqual(['{"x":"first"}', 'second']);
  });

  it('skips event names unless asked to read them', () => {
    expect(frame([Buffer.from('event: message_stop\ndata: {}\n\n')], false)).toEqual([{ data: '{}', name: undefined }]);
  });

  it('hands over the data of an event inside one chunk without copying it', () => {
    const chunk = Buffer.from('data: [DONE]\n\n');
    let seen: Buffer | undefined;
    const framer = new SseByteFramer((bytes) => (seen = bytes));
    framer.push(chunk);
    expect(seen).toBe(chunk);
  });
});
