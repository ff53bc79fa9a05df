import { describe, expect, it } from 'vitest';
import type { CanonicalStreamPart } from '@turnpike/formats';
import { byteByByte, decodeChunks, fixturesBeside, splitsInTwo } from '@turnpike/testing';
import { SparkStreamDecoder } from './xunfei-stream-decoder';

const { fixture } = fixturesBeside(import.meta.url);
const fixedNow = () => Date.UTC(2024, 4, 1, 8, 0, 0);
const decodeAll = (chunks: Uint8Array[]) => decodeChunks(new SparkStreamDecoder(fixedNow), chunks);

const textParts: CanonicalStreamPart[] = [
  { type: 'text-delta', text: '你好！' },
  { type: 'text-delta', text: '我是讯飞星火认知大模型，' },
  { type: 'text-delta', text: '有什么可以帮你的吗？ 👋' },
  { type: 'usage', usage: { inputTokens: 5, outputTokens: 18, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
  { type: 'finish', reason: 'stop' },
];

describe('SparkStreamDecoder', () => {
  it('decodes a text answer and names it by its sid', () => {
    const { parts, decoder } = decodeAll([fixture('spark-stream-text.ndjson')]);
    expect(parts).toEqual(textParts);
    expect(decoder.metadata).toEqual({ id: 'cht000cb087@dx18793cd421fb894542', model: '', created: 1714550400 });
  });

  it('decodes the same answer split at every byte (inside frames and UTF-8 characters)', () => {
    const bytes = fixture('spark-stream-text.ndjson');
    for (const chunks of splitsInTwo(bytes)) expect(decodeAll(chunks).parts).toEqual(textParts);
  });

  it('decodes the answer fed one byte at a time, and with CRLF line ends', () => {
    const bytes = fixture('spark-stream-text.ndjson');
    expect(decodeAll(byteByByte(bytes)).parts).toEqual(textParts);
    expect(decodeAll([Buffer.from(bytes.toString('utf8').replace(/\n/g, '\r\n'))]).parts).toEqual(textParts);
  });

  it('decodes a function call frame as a whole tool call, split at every byte', () => {
    const bytes = fixture('spark-stream-function-call.ndjson');
    const expected: CanonicalStreamPart[] = [
      { type: 'tool-call-start', index: 0, id: 'call_cht000b41d5@dx18b851e6931b894550_0', name: '天气查询' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"datetime":"今天","location":"合肥"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
      { type: 'finish', reason: 'tool-calls' },
    ];
    for (const chunks of splitsInTwo(bytes)) expect(decodeAll(chunks).parts).toEqual(expected);
  });

  it('turns an error frame into an error part', () => {
    expect(decodeAll([fixture('spark-stream-error.ndjson')]).parts).toEqual([
      { type: 'error', error: { message: 'AppIdNoAuthError:(11200)auth no license', type: 'xunfei_error', code: '11200', httpStatus: 403 } },
    ]);
  });

  it('reads an unterminated last frame at the end', () => {
    const bytes = fixture('spark-stream-text.ndjson');
    expect(decodeAll([bytes.subarray(0, bytes.length - 1)]).parts).toEqual(textParts);
  });

  it('reports an answer that stopped before its last frame, and skips lines that are not JSON', () => {
    const lines = fixture('spark-stream-text.ndjson').toString('utf8').split('\n');
    const { parts, decoder } = decodeAll([Buffer.from(`${lines[0]}\nnot json\n\n${lines[1]}\n`)]);
    expect(parts).toEqual([
      { type: 'text-delta', text: '你好！' },
      { type: 'text-delta', text: '我是讯飞星火认知大模型，' },
      { type: 'error', error: { message: 'the Spark answer ended before its last frame', type: 'xunfei_error', httpStatus: 502 } },
    ]);
    expect(decoder.malformedLineCount).toBe(1);
  });

  it('ignores frames after the last one', () => {
    const bytes = fixture('spark-stream-text.ndjson');
    expect(decodeAll([bytes, bytes]).parts).toEqual(textParts);
  });
});
