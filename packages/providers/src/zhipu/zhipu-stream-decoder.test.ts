import { describe, expect, it } from 'vitest';
import type { CanonicalStreamPart } from '@turnpike/formats';
import { byteByByte, decodeChunks, fixturesBeside, splitsInTwo } from '@turnpike/testing';
import { ZhipuStreamDecoder } from './zhipu-stream-decoder';

const { fixture } = fixturesBeside(import.meta.url);
const fixedNow = () => Date.UTC(2024, 0, 15, 12, 0, 0);
const decodeAll = (chunks: Uint8Array[]) => decodeChunks(new ZhipuStreamDecoder(fixedNow), chunks);

const answerParts: CanonicalStreamPart[] = [
  { type: 'text-delta', text: '你好' },
  { type: 'text-delta', text: '！我是人工智能助手\n智谱清言🤖' },
  { type: 'text-delta', text: '，有什么可以帮你的吗？' },
  { type: 'usage', usage: { inputTokens: 2, outputTokens: 20, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
  { type: 'finish', reason: 'stop' },
];

describe('ZhipuStreamDecoder', () => {
  it('decodes raw-text add events, joins multi-line data and reads usage from the finish meta line', () => {
    const { parts, decoder } = decodeAll([fixture('chatglm-sse-invoke.sse')]);
    expect(parts).toEqual(answerParts);
    expect(decoder.metadata).toEqual({ id: '8023318729410566227', model: '', created: 1705320000 });
  });

  it('decodes the stream split at every byte, with LF and with CRLF line ends', () => {
    const lf = fixture('chatglm-sse-invoke.sse');
    const crlf = Buffer.from(lf.toString('utf8').replace(/\n/g, '\r\n'));
    for (const bytes of [lf, crlf]) {
      for (const chunks of splitsInTwo(bytes)) expect(decodeAll(chunks).parts).toEqual(answerParts);
    }
  });

  it('decodes the stream one byte at a time and with bare CR line ends', () => {
    const lf = fixture('chatglm-sse-invoke.sse');
    expect(decodeAll(byteByByte(lf)).parts).toEqual(answerParts);
    const cr = Buffer.from(lf.toString('utf8').replace(/\n/g, '\r'));
    expect(decodeAll(byteByByte(cr)).parts).toEqual(answerParts);
  });

  it('ends an interrupted answer as filtered content', () => {
    const bytes = fixture('chatglm-sse-interrupted.sse');
    for (const chunks of splitsInTwo(bytes)) {
      expect(decodeAll(chunks).parts).toEqual([
        { type: 'text-delta', text: '我们来谈谈' },
        { type: 'finish', reason: 'content-filter' },
      ]);
    }
  });

  it('turns an error event into an error part', () => {
    expect(decodeAll([fixture('chatglm-sse-error.sse')]).parts).toEqual([{ type: 'error', error: { message: '系统繁忙，请稍后再试', type: 'zhipu_error', httpStatus: 500 } }]);
  });

  it('turns a JSON error body in place of the stream into an error part', () => {
    const bytes = fixture('chatglm-invoke-error.json');
    for (const chunks of splitsInTwo(bytes)) {
      expect(decodeAll(chunks).parts).toEqual([
        { type: 'error', error: { message: 'Prompt 超长', type: 'zhipu_error', code: '1261', httpStatus: 400 } },
      ]);
    }
    expect(decodeAll([Buffer.from('  {"oops"')]).parts).toEqual([
      { type: 'error', error: { message: 'ChatGLM answered with unreadable JSON instead of a stream', type: 'zhipu_error', httpStatus: 502 } },
    ]);
  });

  it('follows the SSE rules: one space after the colon dropped, comments and unknown fields ignored, no final blank line needed', () => {
    const stream = ': keep-alive\nretry: 3000\nevent: add\nid: abc\ndata:  two spaces\nfoo: bar\n\nevent:finish\ndata:\nmeta:{"request_id":"req-9","usage":{"prompt_tokens":1,"completion_tokens":2,"total_tokens":3}}';
    const { parts, decoder } = decodeAll([Buffer.from(stream)]);
    expect(parts).toEqual([
      { type: 'text-delta', text: ' two spaces' },
      { type: 'usage', usage: { inputTokens: 1, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(decoder.metadata?.id).toBe('abc');
  });

  it('drops a byte order mark before the first event, so its event line is read', () => {
    const stream = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('event:finish\nmeta:{"request_id":"req-2"}\n\n')]);
    expect(decodeAll(byteByByte(stream)).parts).toEqual([{ type: 'finish', reason: 'stop' }]);
  });

  it('names the answer by the meta request id when events carry no id, and tolerates unreadable meta', () => {
    const named = decodeAll([Buffer.from('event:finish\nmeta:{"request_id":"req-1","task_id":"task-1","task_status":"SUCCESS"}\n\n')]);
    expect(named.parts).toEqual([{ type: 'finish', reason: 'stop' }]);
    expect(named.decoder.metadata?.id).toBe('req-1');
    expect(decodeAll([Buffer.from('data:hi\n\nevent:finish\nmeta:{broken\n\n')]).parts).toEqual([
      { type: 'text-delta', text: 'hi' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('reports a stream that stopped before its finish event', () => {
    expect(decodeAll([Buffer.from('event:add\ndata:partial\n\n')]).parts).toEqual([
      { type: 'text-delta', text: 'partial' },
      { type: 'error', error: { message: 'the ChatGLM stream ended before its finish event', type: 'zhipu_error', httpStatus: 502 } },
    ]);
    expect(decodeAll([]).parts).toEqual([{ type: 'error', error: { message: 'the ChatGLM stream ended before its finish event', type: 'zhipu_error', httpStatus: 502 } }]);
  });
});
