// Channel type 33, AWS Claude via Amazon Bedrock: InvokeModel / InvokeModelWithResponseStream with the Anthropic
// Messages body (`anthropic_version: bedrock-2023-05-31`, model in the URL, betas in `anthropic_beta`), signed
// with SigV4 (service `bedrock`) from `AccessKeyId|SecretAccessKey|Region`, or sent with a Bedrock API key
// (`ApiKey|Region`, bearer) as new-api accepts. Streams are binary event streams, reframed to Anthropic SSE.
// @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html
// @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModelWithResponseStream.html
// @see https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages-request-response.html
// @see https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys-use.html
import type { AdaptorInput, ProviderAdaptor, UpstreamCall } from '../provider-adaptor';
import { createBedrockStreamReframer } from './aws-event-stream';
import { classifyBedrockFailure } from './aws-failures';
import { bedrockModelId } from './aws-model-ids';
import { awsUriEncode, signAwsRequest } from './aws-sigv4';

/** The `anthropic_version` Bedrock requires in Claude Messages bodies. */
export const bedrockAnthropicVersion = 'bedrock-2023-05-31';

/** Body fields Bedrock's Claude schema refuses ("extraneous key … is not permitted"): the model and stream flag travel in the URL; `metadata` is not in the schema. */
const refusedBodyFields = ['model', 'stream', 'metadata'] as const;

/** A channel key, parsed: SigV4 credentials or a Bedrock API key, with the region. */
export type AwsChannelCredentials =
  | { kind: 'sigv4'; accessKeyId: string; secretAccessKey: string; region: string }
  | { kind: 'api-key'; apiKey: string; region: string };

const keyFormatError = 'AWS channel key must be "AccessKeyId|SecretAccessKey|Region" or "BedrockApiKey|Region"';
const regionPattern = /^[a-z]{2}(-[a-z]+)+-\d+$/;

/** Parses `AccessKeyId|SecretAccessKey|Region` or `ApiKey|Region`; throws (without echoing the key) on anything else. */
export function parseAwsChannelKey(key: string): AwsChannelCredentials {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.some((part) => part === '') || (parts.length !== 2 && parts.length !== 3)) throw new Error(keyFormatError);
  const region = parts[parts.length - 1] ?? '';
  if (!regionPattern.test(region)) throw new Error(`${keyFormatError}; the region must look like us-east-1`);
  if (parts.length === 2) return { kind: 'api-key', apiKey: parts[0] ?? '', region };
  return { kind: 'sigv4', accessKeyId: parts[0] ?? '', secretAccessKey: parts[1] ?? '', region };
}

/** The Bedrock runtime endpoint of a region. */
export function bedrockRuntimeBaseUrl(region: string): string {
  return `https://bedrock-runtime.${region}.amazonaws.com`;
}

function headerValue(headers: Record<string, string> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** Bedrock's own request headers among the extra headers (guardrails, trace, performance and service tier). */
function bedrockRequestHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase().startsWith('x-amzn-bedrock-')) picked[key.toLowerCase()] = value;
  return picked;
}

/** Moves the caller's `anthropic-beta` header into the body's `anthropic_beta` list (Bedrock reads betas only there). */
export function withAnthropicBetaInBody(body: string | Buffer, headers: Record<string, string> | undefined): string | Buffer {
  const betas = (headerValue(headers, 'anthropic-beta') ?? '')
    .split(',')
    .map((beta) => beta.trim())
    .filter((beta) => beta !== '');
  if (betas.length === 0) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    return body;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return body;
  const record = parsed as Record<string, unknown>;
  const existing = Array.isArray(record.anthropic_beta) ? record.anthropic_beta.filter((beta): beta is string => typeof beta === 'string') : [];
  record.anthropic_beta = [...new Set([...existing, ...betas])];
  return JSON.stringify(record);
}

/** Removes what Bedrock refuses from a Claude Messages body and sets `anthropic_version` unless the body names one. */
export function patchBedrockClaudeBody(body: Record<string, unknown>): void {
  for (const field of refusedBodyFields) delete body[field];
  if (typeof body.anthropic_version !== 'string' || body.anthropic_version === '') body.anthropic_version = bedrockAnthropicVersion;
}

/** Builds `POST {base}/model/{modelId}/invoke` (or `/invoke-with-response-stream`), signed or with the API key. */
export const awsAdaptor: ProviderAdaptor = {
  chatWire: () => 'anthropic-messages',
  patchChatBody: (body) => patchBedrockClaudeBody(body),
  streaming: { kind: 'reframed', createReframer: createBedrockStreamReframer },
  classifyFailure: classifyBedrockFailure,
  buildRequest(input: AdaptorInput): UpstreamCall {
    const credentials = parseAwsChannelKey(input.channel.key);
    const base = (input.channel.baseUrl || bedrockRuntimeBaseUrl(credentials.region)).replace(/\/+$/, '');
    const action = input.stream ? 'invoke-with-response-stream' : 'invoke';
    const url = `${base}/model/${awsUriEncode(bedrockModelId(input.model, credentials.region))}/${action}`;
    const body = withAnthropicBetaInBody(input.body, input.headers);
    const headers: Record<string, string> = {
      ...bedrockRequestHeaders(input.headers),
      'content-type': 'application/json',
      accept: input.stream ? 'application/vnd.amazon.eventstream' : 'application/json',
    };
    if (input.stream) headers['x-amzn-bedrock-accept'] = 'application/json';
    if (credentials.kind === 'api-key') return { url, method: 'POST', headers: { ...headers, authorization: `Bearer ${credentials.apiKey}` }, body };
    const signed = signAwsRequest({
      method: 'POST',
      url,
      headers,
      body,
      region: credentials.region,
      service: 'bedrock',
      accessKeyId: credentials.accessKeyId,
      secretAccessKey: credentials.secretAccessKey,
      now: input.now ?? new Date(),
    });
    return { url, method: 'POST', headers: signed.headers, body };
  },
};
