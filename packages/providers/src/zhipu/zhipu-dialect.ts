// The `zhipu-v3` dialect: Zhipu's legacy ChatGLM model-api (`invoke` / `sse-invoke`), spoken only towards the upstream.
// @see https://open.bigmodel.cn/dev/api#chatglm_turbo
import type { UpstreamDialect } from '../provider-adaptor';
import { encodeZhipuRequest } from './zhipu-request-codec';
import { decodeZhipuError, decodeZhipuResponse, readZhipuUsage } from './zhipu-response-codec';
import { ZhipuStreamDecoder } from './zhipu-stream-decoder';

/** The dialect id recorded as the call's wire. */
export const zhipuDialectId = 'zhipu-v3';

/** Zhipu v3: `prompt` requests, `{code, msg, success, data}` answers, SSE streams of raw text with a `meta:` usage line. */
export const zhipuDialect: UpstreamDialect = {
  id: zhipuDialectId,
  encodeRequest: encodeZhipuRequest,
  decodeResponse: decodeZhipuResponse,
  createStreamDecoder: () => new ZhipuStreamDecoder(),
  readUsage: readZhipuUsage,
  decodeError: decodeZhipuError,
};
