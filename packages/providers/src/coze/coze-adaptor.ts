// Channel type 49, Coze: `POST {base}/v3/chat` with a personal access token as bearer; the channel's `other` is
// the bot id (as in new-api). Coze answers a whole chat only through polling, so every call streams.
// @see https://www.coze.cn/open/docs/developer_guides/chat_v3
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/coze/adaptor.go
import { withJsonFields } from '../native-dialect/json-body';
import { classifyHttpFailure, type AdaptorInput, type FailureClass, type ProviderAdaptor, type UpstreamCall } from '../provider-adaptor';
import { cozeDescriptor } from './coze-descriptor';
import { cozeDialect } from './coze-dialect';

/** The body with `bot_id` set to the channel's bot id; a body that is not a JSON object is sent unchanged. */
export function withCozeBotId(body: string | Buffer, botId: string): string | Buffer {
  return botId === '' ? body : withJsonFields(body, { bot_id: botId });
}

/** Coze's codes for a token it does not accept (4100: invalid, 4101: lacking the bot's permission). */
const refusedTokenCodes = new Set([4100, 4101]);

/** A refused personal access token switches the channel off (Coze answers it with HTTP 200 or 401); else the shared rule. */
export function classifyCozeFailure(status: number, body: unknown): FailureClass {
  const code = body && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined;
  if (typeof code === 'number' && refusedTokenCodes.has(code)) return 'disable';
  return classifyHttpFailure(status);
}

/** Streams every chat call from `{base}/v3/chat` for the channel's bot. */
export const cozeAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const base = (input.channel.baseUrl || cozeDescriptor.defaultBaseUrl).replace(/\/+$/, '');
    return {
      url: `${base}/v3/chat`,
      method: 'POST',
      headers: { authorization: `Bearer ${input.channel.key}`, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: withCozeBotId(input.body, input.channel.other.trim()),
    };
  },
  chatWire: () => cozeDialect.id,
  dialect: cozeDialect,
  patchChatBody(body) {
    body.stream = true;
  },
  streaming: { kind: 'only' },
  classifyFailure: classifyCozeFailure,
};
