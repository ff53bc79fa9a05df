// The `baidu-ernie` upstream dialect: Baidu Wenxin (Qianfan v1 "wenxinworkshop") chat in canonical terms.
// @see https://cloud.baidu.com/doc/WENXINWORKSHOP/s/clntwmv7t
import type { UpstreamDialect } from '../provider-adaptor';
import { encodeErnieRequest } from './baidu-ernie-request-codec';
import { decodeErnieError, decodeErnieResponse, readErnieUsage } from './baidu-ernie-response-codec';
import { BaiduErnieStreamDecoder } from './baidu-ernie-stream-decoder';

/** ERNIE's chat dialect: top-level `system`, `result` answers, SSE streams ending at `is_end`, errors with HTTP 200. */
export const baiduDialect: UpstreamDialect = {
  id: 'baidu-ernie',
  encodeRequest: encodeErnieRequest,
  decodeResponse: decodeErnieResponse,
  createStreamDecoder: () => new BaiduErnieStreamDecoder(),
  readUsage: readErnieUsage,
  decodeError: decodeErnieError,
};
