// The `xunfei-spark` dialect: iFlytek Spark's WebSocket chat messages, spoken only towards the upstream.
// @see https://www.xfyun.cn/doc/spark/Web.html
import { collectStreamParts, type CanonicalError, type CanonicalResponse, type CanonicalStreamPart, type CanonicalUsage } from '@turnpike/formats';
import type { UpstreamDialect } from '../provider-adaptor';
import { SparkFrameReader, sparkFrameError, sparkFrames, sparkFrameUsage, sparkSid } from './xunfei-frames';
import { encodeSparkRequest } from './xunfei-request-codec';
import { SparkStreamDecoder } from './xunfei-stream-decoder';

/** The dialect id recorded as the call's wire. */
export const xunfeiDialectId = 'xunfei-spark';

/**
 * iFlytek Spark. `decodeResponse`, `readUsage` and `decodeError` take either one frame or the array of every frame of
 * an answer (Spark only streams, so a whole answer is the collected frames).
 */
export const xunfeiDialect: UpstreamDialect = {
  id: xunfeiDialectId,
  encodeRequest: encodeSparkRequest,
  decodeResponse(body: unknown): CanonicalResponse {
    const frames = sparkFrames(body);
    const reader = new SparkFrameReader();
    const parts: CanonicalStreamPart[] = [];
    for (const frame of frames) parts.push(...reader.read(frame));
    const id = frames.map(sparkSid).find((sid) => sid !== '') ?? '';
    return collectStreamParts(parts, { id, model: '', created: Math.floor(Date.now() / 1000) });
  },
  createStreamDecoder: () => new SparkStreamDecoder(),
  readUsage(body: unknown): CanonicalUsage | undefined {
    let usage: CanonicalUsage | undefined;
    for (const frame of sparkFrames(body)) usage = sparkFrameUsage(frame) ?? usage;
    return usage;
  },
  decodeError(body: unknown): CanonicalError | undefined {
    for (const frame of sparkFrames(body)) {
      const error = sparkFrameError(frame);
      if (error) return error;
    }
    return undefined;
  },
};
