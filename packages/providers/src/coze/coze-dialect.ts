// The Coze v3 chat dialect spoken towards the upstream: `/v3/chat` bodies and their SSE streams.
// @see https://www.coze.cn/open/docs/developer_guides/chat_v3
import type { UpstreamDialect } from '../provider-adaptor';
import { encodeCozeRequest } from './coze-request-codec';
import { decodeCozeError, decodeCozeResponse, readCozeUsage } from './coze-response-codec';
import { CozeStreamDecoder } from './coze-stream-decoder';

/** Coze `POST /v3/chat` in canonical terms. */
export const cozeDialect: UpstreamDialect = {
  id: 'coze-v3-chat',
  encodeRequest: encodeCozeRequest,
  decodeResponse: decodeCozeResponse,
  createStreamDecoder: () => new CozeStreamDecoder(),
  readUsage: readCozeUsage,
  decodeError: decodeCozeError,
};
