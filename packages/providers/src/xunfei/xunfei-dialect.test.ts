import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { xunfeiDialect } from './xunfei-dialect';

const { fixture } = fixturesBeside(import.meta.url);

const frames = (name: string): unknown[] =>
  fixture(name)
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

describe('xunfeiDialect', () => {
  it('decodes the collected frames of an answer into one response', () => {
    const response = xunfeiDialect.decodeResponse(frames('spark-stream-text.ndjson'));
    expect(response).toMatchObject({
      id: 'cht000cb087@dx18793cd421fb894542',
      model: '',
      parts: [{ type: 'text', text: '你好！我是讯飞星火认知大模型，有什么可以帮你的吗？ 👋' }],
      finishReason: 'stop',
      usage: { inputTokens: 5, outputTokens: 18, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
    });
    expect(Number.isInteger(response.created)).toBe(true);
  });

  it('decodes a single frame, here a function call', () => {
    const [frame] = frames('spark-stream-function-call.ndjson');
    expect(xunfeiDialect.decodeResponse(frame)).toMatchObject({
      parts: [{ type: 'tool-call', id: 'call_cht000b41d5@dx18b851e6931b894550_0', name: '天气查询', arguments: '{"datetime":"今天","location":"合肥"}' }],
      finishReason: 'tool-calls',
    });
  });

  it('reads usage from the last frame that has it, for one frame or all of them', () => {
    const all = frames('spark-stream-text.ndjson');
    const usage = { inputTokens: 5, outputTokens: 18, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
    expect(xunfeiDialect.readUsage(all)).toEqual(usage);
    expect(xunfeiDialect.readUsage(all[2])).toEqual(usage);
    expect(xunfeiDialect.readUsage(all[0])).toBeUndefined();
  });

  it('reads the error of an answer and nothing from a successful one', () => {
    expect(xunfeiDialect.decodeError(frames('spark-stream-error.ndjson'))).toEqual({ message: 'AppIdNoAuthError:(11200)auth no license', type: 'xunfei_error', code: '11200', httpStatus: 403 });
    expect(xunfeiDialect.decodeError({ header: { code: 10013, message: 'input content audit failed', sid: 's', status: 2 } })).toEqual({
      message: 'input content audit failed',
      type: 'xunfei_error',
      code: '10013',
      httpStatus: 400,
    });
    expect(xunfeiDialect.decodeError({ header: { code: 11202, sid: 's', status: 2 } })).toMatchObject({ message: 'Spark error 11202', httpStatus: 429 });
    expect(xunfeiDialect.decodeError(frames('spark-stream-text.ndjson'))).toBeUndefined();
    expect(xunfeiDialect.decodeError('not a frame')).toBeUndefined();
  });

  it('streams with its own decoder', () => {
    const decoder = xunfeiDialect.createStreamDecoder();
    expect(decoder.push(Buffer.from('{"header":{"code":0,"sid":"abc","status":2},"payload":{"choices":{"status":2,"text":[{"content":"ok"}]}}}\n'))).toEqual([
      { type: 'text-delta', text: 'ok' },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(decoder.metadata?.id).toBe('abc');
    expect(decoder.end()).toEqual([]);
  });
});
