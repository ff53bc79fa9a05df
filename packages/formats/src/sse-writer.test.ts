import { describe, expect, it } from 'vitest';
import { parseSseChunks } from './sse-parser';
import { encodeSseComment, encodeSseData, encodeSseFrame, encodeSseJson, sseDoneFrame, sseResponseHeaders } from './sse-writer';

describe('sse-writer', () => {
  it('encodes data-only and named events exactly', () => {
    expect(encodeSseData('hello')).toBe('data: hello\n\n');
    expect(encodeSseData('{}', 'ping')).toBe('event: ping\ndata: {}\n\n');
    expect(encodeSseJson({ a: 'b\nc' })).toBe('data: {"a":"b\\nc"}\n\n');
    expect(encodeSseJson({ type: 'message_stop' }, 'message_stop')).toBe('event: message_stop\ndata: {"type":"message_stop"}\n\n');
    expect(sseDoneFrame).toBe('data: [DONE]\n\n');
    expect(encodeSseComment('ping')).toBe(': ping\n\n');
    expect(sseResponseHeaders['content-type']).toBe('text/event-stream; charset=utf-8');
  });

  it('splits multi-line data into data lines and round-trips through the parser', () => {
    const text = encodeSseFrame({ event: 'note', id: '9', retry: 500, data: 'one\r\ntwo\rthree\nfour' });
    expect(text).toBe('event: note\nid: 9\nretry: 500\ndata: one\ndata: two\ndata: three\ndata: four\n\n');
    expect(parseSseChunks([Buffer.from(text + encodeSseComment('a\nb'))])).toEqual([
      { event: 'note', id: '9', retry: 500, data: 'one\ntwo\nthree\nfour' },
    ]);
  });
});
