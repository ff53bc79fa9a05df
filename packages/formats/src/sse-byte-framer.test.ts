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

/** What each stream above must give, written out (SseParser is a layer over the framer, so it is no reference alone). */
const unnamed = (...data: string[]): Framed[] => data.map((text) => ({ data: text, name: undefined }));
const expected: Record<string, Framed[]> = {
  'OpenAI chunks and [DONE]': unnamed('{"choices":[{"delta":{"content":"a"}}]}', '{"choices":[],"usage":{"prompt_tokens":1}}', '[DONE]'),
  'data without a space, CRLF': unnamed('{"a":1}', '{"b":"é"}'),
  'CR only line ends': unnamed('one', 'two'),
  'comments and keep-alives': unnamed('x', 'y'),
  'event names (Anthropic)': [
    { data: '{"type":"message_start"}', name: 'message_start' },
    { data: '{"type": "ping"}', name: 'ping' },
    { data: '{"t":"中文"}', name: 'content_block_delta' },
  ],
  'multi-line data': unnamed('{"a":\n1}', '\nx'),
  'other fields and a field without a colon': [
    { data: 'z', name: undefined },
    { data: 'w', name: '' },
  ],
  'multi-byte UTF-8 and emoji': unnamed('{"t":"敏感词 😀 ｂａｄ"}', '{"t":"é"}'),
  'a last event without its blank line': unnamed('a', '{"usage":{"x":1}}'),
  'a blank line with no data, and an event line alone': unnamed('after'),
  'a byte order mark': unnamed('bom'),
};

describe('SseByteFramer', () => {
  for (const [name, text] of Object.entries(streams)) {
    const bytes = Buffer.from(text, 'utf8');
    it(`frames like SseParser: ${name}, whole and split at every byte position`, () => {
      expect(reference([bytes]).length).toBeGreaterThan(0);
      for (const chunks of splits(bytes)) expect(frame(chunks)).toEqual(reference(chunks));
    });
    it(`frames as written out: ${name}, whole and split at every byte position`, () => {
      for (const chunks of splits(bytes)) expect(frame(chunks)).toEqual(expected[name]);
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

  it('keeps the start of an unfinished line intact when the caller reuses its chunk buffer', () => {
    const events: string[] = [];
    const framer = new SseByteFramer((bytes, start, end) => events.push(bytes.toString('utf8', start, end)));
    const chunk = Buffer.from('data: {"x":"fi');
    framer.push(chunk);
    chunk.fill(0x41);
    framer.push(Buffer.from('rst"}\n\n'));
    expect(events).toEqual(['{"x":"first"}']);
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

  it('keeps the last event id across events, ignores an id with NUL, and reads retry only when all digits and only for its event', () => {
    const seen: { data: string; id: string | undefined; retry: number | undefined }[] = [];
    const framer: SseByteFramer = new SseByteFramer((bytes, start, end) => seen.push({ data: bytes.toString('utf8', start, end), id: framer.lastEventId, retry: framer.retry }));
    framer.push(Buffer.from('id: 1\nretry: 250\ndata: a\n\ndata: b\n\nid: x\u0000y\nretry: 9s\ndata: c\n\nid\nretry:40\ndata: d\n\n'));
    framer.end();
    expect(seen).toEqual([
      { data: 'a', id: '1', retry: 250 },
      { data: 'b', id: '1', retry: undefined },
      { data: 'c', id: '1', retry: undefined },
      { data: 'd', id: '', retry: 40 },
    ]);
  });

  it('drops one space after a colon, not two', () => {
    expect(frame([Buffer.from('data:  two\n\nevent:  spaced\ndata:x\n\n')])).toEqual([
      { data: ' two', name: undefined },
      { data: 'x', name: ' spaced' },
    ]);
  });

  it('reports comments without the colon and one space, and other fields by name, only to the readers that ask', () => {
    const comments: string[] = [];
    const fields: string[] = [];
    const events: string[] = [];
    const framer = new SseByteFramer((bytes, start, end) => events.push(bytes.toString('utf8', start, end)), false, {
      onComment: (text) => comments.push(text),
      onOtherField: (field, value) => fields.push(`${field}=${value}`),
    });
    for (const byte of Buffer.from(': ping\r\n:\r\n:  two\r\nmeta: {"u":"é"}\r\nflag\r\ndata: x\r\n\r\n')) framer.push(Buffer.from([byte]));
    framer.end();
    expect(comments).toEqual(['ping', '', ' two']);
    expect(fields).toEqual(['meta={"u":"é"}', 'flag=']);
    expect(events).toEqual(['x']);
  });

  it('dispatches an event with fields but no data only when asked, and never a blank or comment-only block', () => {
    const text = ': ping\n\nevent: finish\nmeta: {}\n\n\nid: 5\n\ndata: x\n\nevent: last';
    const read = (dispatchWithoutData: boolean): Framed[] => {
      const events: Framed[] = [];
      const framer = new SseByteFramer((bytes, start, end, name) => events.push({ data: bytes.toString('utf8', start, end), name }), true, { dispatchWithoutData });
      framer.push(Buffer.from(text));
      framer.end();
      return events;
    };
    expect(read(true)).toEqual([
      { data: '', name: 'finish' },
      { data: '', name: undefined },
      { data: 'x', name: undefined },
      { data: '', name: 'last' },
    ]);
    expect(read(false)).toEqual([{ data: 'x', name: undefined }]);
  });

  it('gives back the first bytes of what looked like a split BOM when the stream turns out not to start with one', () => {
    const fields: string[] = [];
    const events: string[] = [];
    const framer = new SseByteFramer((bytes, start, end) => events.push(bytes.toString('utf8', start, end)), false, { onOtherField: (field) => fields.push(field) });
    for (const chunk of [Buffer.from([0xef]), Buffer.from([0xbb]), Buffer.from('!: v\ndata: x\n\n')]) framer.push(chunk);
    framer.end();
    expect(fields).toEqual(['\ufffd!']);
    expect(events).toEqual(['x']);
  });
});
