// One attempt's upstream request, built the same way for the relay and for the channel test: the channel's adaptor,
// the wire it speaks for the call's format, and the facts that wire's format declares (path, body preparation,
// settings group). No format is named here: what differs per format comes from the format.
import { findFormat } from '@turnpike/formats';
import { chatWireFor, findProvider, findProviderAdaptor, findUsageReading, UnservableRequestError, type AdaptorChannel, type EndpointTranslation, type ProviderAdaptor, type UpstreamCall, type UsageReading } from '@turnpike/providers';
import type { OptionStore } from '../options/option-store';
import { buildChatUpstreamBody, dialectOf } from './chat-wire';
import { chooseThinking, claudeDefaultMaxTokens, groupSettings } from './provider-options';
import { buildUpstreamBody, type RelayRequest } from './relay-request';
import { capabilityLookupOf } from './capability-lookup';

/** How one chat attempt talks to its upstream. */
export interface ChatAttempt {
  /** The upstream's wire: a format id or a provider's native dialect id. */
  wire: string;
  /** The caller's bytes went through unchanged (and the answer's bytes come back unchanged). */
  passthrough: boolean;
  /** Whether the upstream was asked to stream (it may differ from the caller's wish). */
  upstreamStream: boolean;
  /** Turns the upstream's stream framing into the wire's SSE bytes (Bedrock). */
  reframe: ((chunk: Buffer) => Buffer) | null;
  /** What the conversion could not carry over (logged with the call). */
  warnings: string[];
  /** How the channel type's reported usage is read (where its reasoning tokens stand). */
  usageReading: UsageReading;
}

/** The channel an attempt goes to, with the upstream model it asks for. */
export interface UpstreamTarget {
  channel: AdaptorChannel;
  /** The channel's parameter overrides, merged into the body last. */
  paramOverride: Record<string, unknown> | null;
  /** The upstream model after the channel's mapping. */
  model: string;
  /** The token the provider's credential exchange gave, when it has one. */
  accessToken: string | undefined;
}

/**
 * One attempt's upstream request (with the translation of its answer when the provider serves the endpoint in its own
 * API), or why the channel cannot serve the call: that is no fault of the channel, and the caller hears it as a 400.
 */
export type PreparedUpstreamCall =
  | { ok: true; upstreamModel: string; upstreamCall: UpstreamCall; chat: ChatAttempt | null; translation?: EndpointTranslation }
  | { ok: false; message: string };

/** The path a native dialect's adaptor is handed: it builds its own URL, and the path names the call as a chat call. */
const nativeWirePath = '/v1/chat/completions';

const noHeaders: Readonly<Record<string, string>> = Object.freeze({});

/** Whether the upstream is asked to stream: as the caller asked, unless the provider streams always or never. */
function upstreamStreams(adaptor: ProviderAdaptor, callerStream: boolean): boolean {
  const kind = adaptor.streaming?.kind ?? 'native';
  if (kind === 'only') return true;
  if (kind === 'none') return false;
  return callerStream;
}

/** Builds the upstream request of one attempt at `target`, converting formats when the channel speaks another one. */
export function prepareUpstreamCall(options: OptionStore, call: RelayRequest, target: UpstreamTarget): PreparedUpstreamCall {
  const { channel, model, accessToken } = target;
  const adaptor = findProviderAdaptor(channel.type);
  if (!call.format) {
    const translation = adaptor?.translatedPaths?.get(call.endpoint.path);
    if (adaptor && translation) return prepareTranslatedCall(options, adaptor, translation, call, target);
    const servesPath = findProvider(channel.type)?.format === 'openai' || adaptor?.passthroughPaths?.has(call.endpoint.path) === true;
    if (!adaptor || !servesPath) return { ok: false, message: `channel type ${channel.type} cannot serve ${call.endpoint.path}` };
    const upstreamCall = adaptor.buildRequest({ channel, path: call.endpoint.path, body: buildUpstreamBody(call, model, target.paramOverride), contentType: call.contentType, model, stream: call.stream, accessToken });
    return { ok: true, upstreamModel: model, upstreamCall, chat: null };
  }
  const wire = adaptor ? chatWireFor(channel.type, model, call.format, channel) : undefined;
  if (!adaptor || !wire) return { ok: false, message: `channel type ${channel.type} cannot serve chat calls` };
  // The wire's format (undefined for a provider's native dialect, whose adaptor builds everything itself).
  const format = findFormat(wire);
  const group = format?.settingsGroup ?? null;
  const settings = groupSettings(group);
  const upstreamStream = upstreamStreams(adaptor, call.stream);
  // A Gemini caller asking for a JSON-array stream gets it re-framed, so only SSE streams pass through as bytes.
  const passthrough = wire === call.format && call.framing === 'sse' && upstreamStream === call.stream;
  const thinking = chooseThinking(options, group, model, call.endpoint.maxTokens(call) || claudeDefaultMaxTokens(options, model));
  const upstreamModel = thinking.model;
  const safety = settings?.safetySettings;
  const built = buildChatUpstreamBody({
    dialect: format ?? dialectOf(wire),
    format,
    json: call.json,
    canonical: call.canonical,
    upstreamModel,
    stream: upstreamStream,
    passthrough,
    paramOverride: target.paramOverride,
    options,
    thinkingBudget: thinking.budget,
    safetySettings: safety ? () => safety(options) : null,
    adaptor,
    capabilitiesOf: capabilityLookupOf(options),
  });
  const modelHeaders = settings?.headers(options, upstreamModel) ?? null;
  const forwarded = wire === call.format ? call.forwardHeaders : null;
  // Shared (never written) when the call adds no headers of its own: no object per attempt.
  const headers = modelHeaders ? { ...modelHeaders, ...forwarded } : (forwarded ?? noHeaders);
  const apiVersion = settings?.apiVersion(options, upstreamModel);
  const upstreamCall = adaptor.buildRequest({ channel, path: format?.upstreamPath ?? nativeWirePath, body: built.body, contentType: 'application/json', model: upstreamModel, stream: upstreamStream, headers, apiVersion, accessToken });
  const reframe = upstreamStream && adaptor.streaming?.kind === 'reframed' ? adaptor.streaming.createReframer() : null;
  return { ok: true, upstreamModel, upstreamCall, chat: { wire, passthrough, upstreamStream, reframe, warnings: built.warnings, usageReading: findUsageReading(channel.type) } };
}

/** A non-chat call the provider serves in its own API: the body converted by the endpoint's translation. */
function prepareTranslatedCall(options: OptionStore, adaptor: ProviderAdaptor, translation: EndpointTranslation, call: RelayRequest, target: UpstreamTarget): PreparedUpstreamCall {
  const { channel, model, accessToken } = target;
  if (translation.modelsOption) {
    const served = options.json<unknown>(translation.modelsOption);
    if (!Array.isArray(served) || !served.includes(model)) {
      return { ok: false, message: `model ${model} cannot serve ${call.endpoint.path} on channel type ${channel.type}: the models that can are listed in ${translation.modelsOption}` };
    }
  }
  let body: Record<string, unknown>;
  try {
    body = translation.encodeRequest(call.json, model);
  } catch (error) {
    if (error instanceof UnservableRequestError) return { ok: false, message: error.message };
    throw error;
  }
  if (target.paramOverride) Object.assign(body, target.paramOverride);
  const upstreamCall = adaptor.buildRequest({ channel, path: call.endpoint.path, body: JSON.stringify(body), contentType: 'application/json', model, stream: false, accessToken });
  return { ok: true, upstreamModel: model, upstreamCall, chat: null, translation };
}
