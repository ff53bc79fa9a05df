// Channel type 11, Google PaLM 2: `POST {base}/v1beta2/models/{model}:generateMessage` with the key in
// `x-goog-api-key` (as new-api sends it, keeping the key out of URLs). PaLM cannot stream; the relay replays answers.
// @see https://ai.google.dev/api/rest/v1beta/models/generateMessage
// @see https://github.com/QuantumNous/new-api/blob/main/relay/channel/palm/adaptor.go
import { classifyGoogleFailure } from '../gemini/gemini-failure';
import type { AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { palmDescriptor } from './palm-descriptor';
import { palmDialect } from './palm-dialect';

/** The model chat calls use when the model name is not a PaLM chat model (new-api always uses it). */
export const defaultPalmChatModel = 'chat-bison-001';

/** The generateMessage model of a mapped model name: a `chat-bison…` name as is, anything else `chat-bison-001`. */
export function palmChatModel(model: string): string {
  const name = model.replace(/^models\//, '');
  return name.startsWith('chat-bison') ? name : defaultPalmChatModel;
}

/** Sends every chat call to generateMessage; there is no streaming variant. */
export const palmAdaptor: ProviderAdaptor = {
  buildRequest(input: AdaptorInput): UpstreamCall {
    const base = (input.channel.baseUrl || palmDescriptor.defaultBaseUrl).replace(/\/+$/, '');
    return {
      url: `${base}/v1beta2/models/${encodeURIComponent(palmChatModel(input.model))}:generateMessage`,
      method: 'POST',
      headers: { 'x-goog-api-key': input.channel.key, 'content-type': 'application/json', accept: 'application/json' },
      body: input.body,
    };
  },
  chatWire: () => palmDialect.id,
  dialect: palmDialect,
  streaming: { kind: 'none' },
  classifyFailure: classifyGoogleFailure,
};
