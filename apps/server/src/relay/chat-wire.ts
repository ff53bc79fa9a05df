// The body each chat attempt sends: the caller's own bytes when formats match (model patched), else the
// canonical request encoded for the upstream's wire (one of the formats, or a provider's native dialect).
import { findFormat, listDroppedPassthroughFields, type CanonicalRequest, type CanonicalStreamPart, type Format, type ModelCapabilities } from '@turnpike/formats';
import { findUpstreamDialect, type ProviderAdaptor, type UpstreamDialect } from '@turnpike/providers';
import type { OptionStore } from '../options/option-store';
import { claudeDefaultMaxTokens } from './provider-options';
import { forEachChunk, type UpstreamBody } from './upstream-body';

/** The codec of an upstream wire: a registered format, or a provider's native dialect. */
export function dialectOf(wire: string): UpstreamDialect {
  const dialect = findFormat(wire) ?? findUpstreamDialect(wire);
  if (!dialect) throw new Error(`no codec for ${wire}`);
  return dialect;
}

/** A whole streamed answer decoded in `wire`'s dialect (after `reframe`, for binary event streams): its parts and the stream's metadata. */
export async function decodeWholeStream(body: UpstreamBody, wire: string, reframe: ((chunk: Buffer) => Buffer) | null): Promise<{ parts: CanonicalStreamPart[]; metadata: ReturnType<UpstreamDialect['createStreamDecoder']>['metadata'] }> {
  const decoder = dialectOf(wire).createStreamDecoder();
  const parts: CanonicalStreamPart[] = [];
  await forEachChunk(body, (chunk) => parts.push(...decoder.push(reframe ? reframe(chunk) : chunk)));
  parts.push(...decoder.end());
  return { parts, metadata: decoder.metadata };
}

/** What one attempt sends, and what it could not carry over. */
export interface ChatUpstreamBody {
  body: string;
  warnings: string[];
}

/** Input of `buildChatUpstreamBody`. */
export interface ChatBodyInput {
  /** The upstream's wire: its codec, and its preparation facts when it is one of the formats (undefined for a native dialect). */
  dialect: UpstreamDialect;
  format: Format | undefined;
  /** The caller's body, parsed once. */
  json: Record<string, unknown>;
  /** The caller's request in canonical form (decoded once, only when a conversion is needed). */
  canonical: () => CanonicalRequest;
  upstreamModel: string;
  stream: boolean;
  /** Pass the caller's bytes through (same format, same framing). */
  passthrough: boolean;
  paramOverride: Record<string, unknown> | null;
  options: OptionStore;
  /** The thinking adapter's budget for this attempt (`chooseThinking`). */
  thinkingBudget: number | null;
  /** The settings group's safety settings to add when the request has none, or null. */
  safetySettings: (() => unknown) | null;
  /** The channel's adaptor, for its body patch. */
  adaptor: ProviderAdaptor;
  /** What an upstream model accepts (asked only when the request is converted). */
  capabilitiesOf: (model: string) => ModelCapabilities;
}

/** Builds the upstream body of one attempt. */
export function buildChatUpstreamBody(input: ChatBodyInput): ChatUpstreamBody {
  let body: Record<string, unknown>;
  const warnings: string[] = [];
  const { format } = input;
  if (input.passthrough && format) {
    body = { ...input.json };
    format.setModel(body, input.upstreamModel);
  } else {
    const source = input.canonical();
    const request: CanonicalRequest = { ...source, model: input.upstreamModel, stream: input.stream, warnings: [...(source.warnings ?? [])] };
    if (format?.requiresMaxTokens && request.maxTokens === undefined) request.maxTokens = claudeDefaultMaxTokens(input.options, input.upstreamModel);
    warnings.push(...listDroppedPassthroughFields(request, input.dialect.id));
    body = input.dialect.encodeRequest(request, input.capabilitiesOf(input.upstreamModel)) as Record<string, unknown>;
    warnings.push(...(request.warnings ?? []));
  }
  // global.pass_through_request_enabled: a same-format body goes upstream as the caller sent it (model aside).
  if (input.passthrough && input.options.bool('global.pass_through_request_enabled')) {
    input.adaptor.patchChatBody?.(body, input.upstreamModel, input.stream);
    return { body: JSON.stringify(body), warnings: [] };
  }
  format?.prepareBody(body, input.stream, input.thinkingBudget, input.safetySettings);
  if (input.paramOverride) Object.assign(body, input.paramOverride);
  input.adaptor.patchChatBody?.(body, input.upstreamModel, input.stream);
  return { body: JSON.stringify(body), warnings: [...new Set(warnings)] };
}
