// The request-building half of a provider: turns a relay call into the upstream's URL, headers and body.
// Pure: no I/O. Signing providers compute their signatures here from the channel's credentials.

/** The channel fields request building needs. */
export interface AdaptorChannel {
  type: number;
  key: string;
  /** The channel's base URL without a trailing slash; empty to use the type's default. */
  baseUrl: string;
  organization: string;
  /** Per-type extra value (api version, region, account id, bot id, …). */
  other: string;
}

/** One relay call as the adaptor sees it. */
export interface AdaptorInput {
  channel: AdaptorChannel;
  /** The OpenAI-style path of the call, e.g. `/v1/chat/completions`. */
  path: string;
  /** The body to send, already in the upstream's format with the upstream model name. */
  body: string | Buffer;
  contentType: string;
  /** The upstream model name (after mapping). */
  model: string;
  stream: boolean;
  /** Extra headers to send (e.g. the caller's `anthropic-version`/`anthropic-beta`, configured model headers). */
  headers?: Record<string, string>;
  /** The API version where the provider puts it in the URL (Gemini `v1beta`); the adaptor's default otherwise. */
  apiVersion?: string;
}

/** The request to send upstream. */
export interface UpstreamCall {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string | Buffer | null;
}

/** Builds upstream requests for one or more channel types. */
export interface ProviderAdaptor {
  buildRequest(input: AdaptorInput): UpstreamCall;
}

/** Lists the models an upstream account can use (the channel form's "fetch models"). */
export interface ModelListReader {
  request(channel: AdaptorChannel): UpstreamCall;
  read(answer: unknown): string[];
}

/** Reads an upstream account's remaining balance, where the provider has an API for it. */
export interface BalanceReader {
  /** Requests to send, in order; `read` gets their parsed answers in the same order. */
  requests(channel: AdaptorChannel, now: Date): UpstreamCall[];
  /** The balance, or undefined when the answers do not carry one. */
  read(answers: unknown[]): number | undefined;
}
