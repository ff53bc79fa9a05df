// Channel type 21, AI Proxy knowledge base: `POST {base}/api/library/ask` with the API key as bearer; the channel's
// `other` is the knowledge base (library) id, set into the body's `libraryId`.
// @see https://docs.aiproxy.io/dev/library
// @see https://github.com/songquanpeng/one-api/blob/main/relay/adaptor/aiproxy/adaptor.go
import { withJsonFields } from '../native-dialect/json-body';
import type { AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { aiProxyLibraryDescriptor } from './ai-proxy-library-descriptor';
import { aiProxyLibraryDialect } from './ai-proxy-library-dialect';

/** The body with `libraryId` set; a body that is not a JSON object is sent unchanged. */
export function withLibraryId(body: string | Buffer, libraryId: string): string | Buffer {
  return withJsonFields(body, { libraryId });
}

/** Asks the channel's knowledge base every chat call, streaming when the caller streams. */
export const aiProxyLibraryAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const base = (input.channel.baseUrl || aiProxyLibraryDescriptor.defaultBaseUrl).replace(/\/+$/, '');
    return {
      url: `${base}/api/library/ask`,
      method: 'POST',
      headers: { authorization: `Bearer ${input.channel.key}`, 'content-type': 'application/json', accept: input.stream ? 'text/event-stream' : 'application/json' },
      body: withLibraryId(input.body, input.channel.other.trim()),
    };
  },
  chatWire: () => aiProxyLibraryDialect.id,
  dialect: aiProxyLibraryDialect,
  patchChatBody(body, _model, stream) {
    body.stream = stream;
  },
  streaming: { kind: 'native' },
};
