// Channel type 37, Dify: every chat call goes to `{base}/v1/chat-messages` with the app's API key as a bearer token.
// new-api appends `/v1/chat-messages` to the base; a base pasted as Dify shows it (ending in `/v1`) works too.
// @see https://docs.dify.ai/guides/application-publishing/developing-with-apis
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/dify/adaptor.go
import type { AdaptorChannel, AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { difyDescriptor } from './dify-descriptor';
import { difyDialect } from './dify-dialect';

/** The chat-messages URL of a channel: its base (or Dify cloud) without a trailing `/v1`, then `/v1/chat-messages`. */
export function difyChatUrl(channel: AdaptorChannel): string {
  const base = (channel.baseUrl || difyDescriptor.defaultBaseUrl).replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${base}/v1/chat-messages`;
}

/** Speaks the Dify dialect on every chat call; `response_mode` follows the attempt's stream flag. */
export const difyAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    return {
      url: difyChatUrl(input.channel),
      method: 'POST',
      headers: { authorization: `Bearer ${input.channel.key}`, 'content-type': 'application/json', accept: input.stream ? 'text/event-stream' : 'application/json' },
      body: input.body,
    };
  },
  chatWire: () => difyDialect.id,
  dialect: difyDialect,
  patchChatBody(body, _model, stream) {
    body.response_mode = stream ? 'streaming' : 'blocking';
  },
  streaming: { kind: 'native' },
};
