// The `tencent-hunyuan` upstream dialect: Hunyuan `ChatCompletions` (API 3.0, version 2023-09-01) in canonical terms.
// @see https://cloud.tencent.com/document/api/1729/105701
import type { UpstreamDialect } from '../provider-adaptor';
import { encodeHunyuanRequest } from './tencent-hunyuan-request-codec';
import { decodeHunyuanError, decodeHunyuanResponse, readHunyuanUsage } from './tencent-hunyuan-response-codec';
import { TencentHunyuanStreamDecoder } from './tencent-hunyuan-stream-decoder';

/** Hunyuan's chat dialect: PascalCase request, `Response`-wrapped answers, SSE streams, errors with HTTP 200. */
export const tencentDialect: UpstreamDialect = {
  id: 'tencent-hunyuan',
  encodeRequest: encodeHunyuanRequest,
  decodeResponse: decodeHunyuanResponse,
  createStreamDecoder: () => new TencentHunyuanStreamDecoder(),
  readUsage: readHunyuanUsage,
  decodeError: decodeHunyuanError,
};
