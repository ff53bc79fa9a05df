// The body each chat attempt sends: the caller's own bytes when formats match (model patched), else the
// canonical request encoded for the upstream's wire (one of the formats, or a provider's native dialect).
import type { Readable } from 'node:stream';
import { findFormat, listDroppedPassthroughFields, type CanonicalRequest, type CanonicalStreamPart, type FormatId } from '@turnpike/formats';
import { findUpstreamDialect, type ProviderAdaptor, type UpstreamDialect } from '@turnpike/providers';
import type { OptionStore } from '../options/option-store';
import { shapeUpstreamBody, type ThinkingChoice } from './provider-options';

/** The codec of an upstream wire: a registered format, or a provider's native dialect. */
export function dialectOf(wire: string): UpstreamDialect {
  const dialect = findFormat(wire) ?? findUpstreamDialect(wire);
  if (!dialect) throw new Error(`no codec for ${wire}`);
  return dialect;
}

/** A whole streamed answer decoded in `wire`'s dialect (after `reframe`, for binary event streams): its parts and the stream's metadata. */
export async function decodeWholeStream(body: Readable, wire: string, reframe: ((chunk: Buffer) => Buffer) | null): Promise<{ parts: CanonicalStreamPart[]; metadata: ReturnType<UpstreamDialect['createStreamDecoder']>['metadata'] }> {
  const decoder = dialectOf(wire).createStreamDecoder();
  const parts: CanonicalStreamPart[] = [];
  for await (const chunk of body) parts.push(...decoder.push(reframe ? reframe(chunk as Buffer) : (chunk as Buffer)));
  parts.push(...decoder.end());
  return { parts, metadata: decoder.metadata };
}

/** The OpenAI-style path the adaptor is given for a wire (adaptors of other wires build their own). */
export function upstreamPathFor(wire: string): string {
  return wire === 'openai-responses' ? '/v1/responses' : '/v1/chat/completions';
}

/** What one attempt sends, and what it could not carry over. */
export interface ChatUpstreamBody {
  body: string;
  warnings: string[];
}

/** Input of `buildChatUpstreamBody`. */
export interface ChatBodyInput {
  inbound: FormatId;
  wire: string;
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
  /** The thinking adapter's decision for this attempt (`chooseThinking`). */
  thinking: ThinkingChoice;
  /** The channel's adaptor, for its body patch. */
  adaptor: ProviderAdaptor;
}

/** `claude.default_max_tokens`: per model, else its `default` entry, else 8192. */
export function claudeDefaultMaxTokens(options: OptionStore, model: string): number {
  const table = options.json<Record<string, number>>('claude.default_max_tokens') ?? {};
  return table[model] ?? table.default ?? 8192;
}

/** Builds the upstream body of one attempt. */
export function buildChatUpstreamBody(input: ChatBodyInput): ChatUpstreamBody {
  let body: Record<string, unknown>;
  const warnings: string[] = [];
  if (input.passthrough) {
    body = { ...input.json };
    // Gemini names the model in the URL; every other dialect in the body.
    if (input.wire !== 'gemini') body.model = input.upstreamModel;
  } else {
    const target = dialectOf(input.wire);
    const source = input.canonical();
    const request: CanonicalRequest = { ...source, model: input.upstreamModel, stream: input.stream, warnings: [...(source.warnings ?? [])] };
    if (input.wire === 'anthropic-messages' && request.maxTokens === undefined) {
      request.maxTokens = claudeDefaultMaxTokens(input.options, input.upstreamModel);
    }
    warnings.push(...listDroppedPassthroughFields(request, input.wire));
    body = target.encodeRequest(request) as Record<string, unknown>;
    warnings.push(...(request.warnings ?? []));
  }
  // global.pass_through_request_enabled: a same-format body goes upstream as the caller sent it (model aside).
  if (input.passthrough && input.options.bool('global.pass_through_request_enabled')) {
    input.adaptor.patchChatBody?.(body, input.upstreamModel, input.stream);
    return { body: JSON.stringify(body), warnings: [] };
  }
  if (input.wire === 'openai-chat' && input.stream) {
    const existing = body.stream_options && typeof body.stream_options === 'object' ? (body.stream_options as Record<string, unknown>) : {};
    body.stream_options = { ...existing, include_usage: true };
  }
  shapeUpstreamBody(input.options, input.wire, body, input.thinking);
  if (input.paramOverride) Object.assign(body, input.paramOverride);
  input.adaptor.patchChatBody?.(body, input.upstreamModel, input.stream);
  return { body: JSON.stringify(body), warnings: [...new Set(warnings)] };
}
