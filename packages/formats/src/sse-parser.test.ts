import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { SseParser, parseSseChunks, type SseEvent } from './sse-parser';

const { fixture } = fixturesBeside(import.meta.url);

const crlfEvents: SseEvent[] = [
  { event: 'message_start', data: '{"text":"héllo 世界 🚀"}', id: '1', retry: 3000 },
  { event: undefined, data: 'first line\nsecond line', id: '1', retry: undefined },
  { event: undefined, data: '', id: '2', retry: undefined },
  { event: undefined, data: 'no-space', id: '2', retry: undefined },
  { event: undefined, data: '末尾', id: '2', retry: undefined },
];

const mixedEvents: SseEvent[] = [
  { event: undefined, data: 'lf', id: undefined, retry: undefined },
  { event: undefined, data: 'cr', id: undefined, retry: undefined },
  { event: undefined, data: 'crlf', id: undefined, retry: undefined },
  { event: undefined, data: 'a\nb', id: undefined, retry: undefined },
  { event: 'ping', data: '{}', id: undefined, retry: undefined },
  { event: undefined, data: 'unterminated-last-event', id: undefined, retry: undefined },
];

/** Every way to cut the bytes in two, plus one byte at a time. */
function splits(bytes: Buffer): Buffer[][] {
  const result: Buffer[][] = [];
  for (let at = 0; at <= bytes.length; at += 1) result.push([bytes.subarray(0, at), bytes.subarray(at)]);
  result.push([...bytes].map((byte) => Buffer.from([byte])));
  return result;
}

describe('SseParser', () => {
  it('parses CRLF frames with pings, event/id/retry fields, multi-line data and multibyte text', () => {
    expect(parseSseChunks([fixture('sse-crlf-pings.sse')])).toEqual(crlfEvents);
  });

  it('gives the same events however the CRLF fixture is split, including mid-line and mid-UTF-8', () => {
    const bytes = fixture('sse-crlf-pings.sse');
    const emojiAt = bytes.indexOf(Buffer.from('🚀'));
    expect(emojiAt).toBeGreaterThan(0);
    expect(parseSseChunks([bytes.subarray(0, emojiAt + 2), bytes.subarray(emojiAt + 2)])).toEqual(crlfEvents);
    for (const chunks of splits(bytes)) expect(parseSseChunks(chunks)).toEqual(crlfEvents);
  });

  it('accepts LF, CR and CRLF line ends mixed, however split, and flushes an unterminated event at end()', () => {
    for (const chunks of splits(fixture('sse-mixed-line-endings.sse'))) expect(parseSseChunks(chunks)).toEqual(mixedEvents);
  });

  it('treats CR at the end of one chunk and LF at the start of the next as one line end', () => {
    const events = parseSseChunks([Buffer.from('data: x\r'), Buffer.from('\ndata: y\r'), Buffer.from('\n\r'), Buffer.from('\n')]);
    expect(events.map((event) => event.data)).toEqual(['x\ny']);
  });

  it('reports comments to onComment and never as events', () => {
    const comments: string[] = [];
    const events: SseEvent[] = [];
    const parser = new SseParser({ onEvent: (event) => events.push(event), onComment: (text) => comments.push(text) });
    parser.push(fixture('sse-crlf-pings.sse'));
    parser.end();
    expect(comments).toEqual(['ping', 'keep-alive']);
    expect(events).toHaveLength(5);
  });

  it('dispatches events synchronously during push, not only at end', () => {
    const seen: string[] = [];
    const parser = new SseParser({ onEvent: (event) => seen.push(event.data) });
    parser.push(Buffer.from('data: one\n\ndata: tw'));
    expect(seen).toEqual(['one']);
    parser.push(Buffer.from('o\n\n'));
    expect(seen).toEqual(['one', 'two']);
  });

  it('strips a UTF-8 byte order mark at stream start only', () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const events = parseSseChunks([Buffer.concat([bom, Buffer.from('data: a\n\n')]), Buffer.concat([bom, Buffer.from('data: b\n\n')])]);
    expect(events.map((event) => event.data)).toEqual(['a']);
  });

  it('ignores ids with NUL, non-numeric retry and blocks without data', () => {
    const events = parseSseChunks([Buffer.from('id: good\n\nid: ba\u0000d\nretry: 1s\ndata: x\n\nevent: lonely\n\n')]);
    expect(events).toEqual([{ event: undefined, data: 'x', id: 'good', retry: undefined }]);
  });

  it('accepts Uint8Array chunks that are not Buffers', () => {
    const bytes = new TextEncoder().encode('data: plain\n\n');
    expect(parseSseChunks([bytes]).map((event) => event.data)).toEqual(['plain']);
  });

  it('reassembles one long line spread over many chunks', () => {
    const payload = 'x'.repeat(100_000);
    const bytes = Buffer.from(`data: ${payload}\n\n`);
    const chunks: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += 997) chunks.push(bytes.subarray(at, at + 997));
    expect(parseSseChunks(chunks)[0]?.data).toBe(payload);
  });
});
