// Probes a channel's upstream directly (never billed): a test chat call, its model list, its balance.
import type { CanonicalRequest } from '@turnpike/formats';
import { findBalanceReader, findModelListReader, findProviderAdaptor, type AdaptorChannel, type UpstreamCall, type UpstreamDialect } from '@turnpike/providers';
import type { ChannelRow } from '../db/schema';
import type { OptionStore } from '../options/option-store';
import { decodeWholeStream, dialectOf } from './chat-wire';
import type { CredentialCache } from './credential-cache';
import { openAiEndpoints } from './openai-endpoints';
import type { RelayRequest } from './relay-request';
import { prepareUpstreamCall } from './upstream-call';
import { readBody, type UpstreamBody } from './upstream-body';
import { type UpstreamClient } from './upstream-client';

/** The outcome of a test call. */
export interface ChannelTestResult {
  ok: boolean;
  message: string;
  /** Round-trip time in milliseconds. */
  elapsedMs: number;
  /** HTTP status of the upstream, 0 when it could not be reached. */
  status: number;
}

const probeTimeouts = { headersMs: 60_000, bodyMs: 60_000 };

/** The fields of a channel row that request building needs. */
export function adaptorChannel(row: Pick<ChannelRow, 'type' | 'key' | 'base_url' | 'openai_organization' | 'other'>): AdaptorChannel {
  return { type: row.type, key: row.key, baseUrl: row.base_url.replace(/\/+$/, ''), organization: row.openai_organization, other: row.other ?? '' };
}

/** The model a test uses: the one asked for, the channel's test model, or its first model. */
export function testModelOf(row: Pick<ChannelRow, 'test_model' | 'models'>, requested: string | undefined): string {
  return requested?.trim() || row.test_model.trim() || (row.models ?? '').split(',').map((model) => model.trim()).find(Boolean) || 'gpt-4o-mini';
}

async function callJson(upstream: UpstreamClient, call: UpstreamCall): Promise<{ status: number; body: unknown; text: string }> {
  const response = await upstream.send(call, AbortSignal.timeout(probeTimeouts.headersMs), probeTimeouts);
  const text = (await readBody(response.body)).toString('utf8');
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

function errorText(body: unknown, text: string, status: number): string {
  const error = body && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined;
  if (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string') return (error as Record<string, string>).message;
  return text.slice(0, 300) || `upstream answered ${status}`;
}

const chatEndpoint = openAiEndpoints.find((endpoint) => endpoint.path === '/v1/chat/completions');

/**
 * The test call: "hi" as an OpenAI chat call, prepared like any relayed call (`prepareUpstreamCall`), so it goes out
 * in the channel's wire with its settings. No output limit is set, as new-api's test sets none (formats that require
 * one get the configured default).
 */
function probeCall(model: string): RelayRequest {
  if (!chatEndpoint) throw new Error('the chat endpoint is missing from the registry');
  const canonical: CanonicalRequest = { model, stream: false, messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] };
  const json = { model, messages: [{ role: 'user', content: 'hi' }] };
  return { endpoint: chatEndpoint, format: 'openai-chat', model, stream: false, framing: 'sse', json, canonical: () => canonical, raw: null, boundary: null, contentType: 'application/json', forwardHeaders: {} };
}

/** True when a whole answer decodes to something said (or at least counted) in the dialect. */
function isChatAnswer(dialect: UpstreamDialect, answer: unknown): boolean {
  if (!answer || typeof answer !== 'object') return false;
  try {
    const decoded = dialect.decodeResponse(answer);
    return decoded.parts.length > 0 || decoded.usage !== undefined;
  } catch {
    return false;
  }
}

/** Reads a probe answer's stream (stream-only upstreams) into the error it reported, if any. */
async function streamedProbeError(body: UpstreamBody, wire: string, reframe: ((chunk: Buffer) => Buffer) | null): Promise<string | undefined> {
  const { parts } = await decodeWholeStream(body, wire, reframe);
  const failed = parts.find((part) => part.type === 'error');
  if (failed?.type === 'error') return failed.error.message;
  return parts.some((part) => part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-call-start' || part.type === 'finish') ? undefined : 'the upstream stream carried no answer';
}

/**
 * Sends one small chat call to the channel in the wire it speaks (exchanging its key for a token first where the
 * provider needs one), prepared exactly as a relayed attempt is, and times it; the answer must decode as a chat answer
 * of that wire.
 */
export async function testChannel(upstream: UpstreamClient, credentials: CredentialCache, options: OptionStore, row: ChannelRow, model: string): Promise<ChannelTestResult> {
  const adaptor = findProviderAdaptor(row.type);
  const started = Date.now();
  try {
    const channel = adaptorChannel(row);
    const accessToken = adaptor?.credentials ? await credentials.tokenFor(adaptor.credentials, channel) : undefined;
    const prepared = prepareUpstreamCall(options, probeCall(model), { channel, paramOverride: null, model, accessToken });
    if (!prepared.ok || !prepared.chat) return { ok: false, message: `channel type ${row.type} cannot be tested yet`, elapsedMs: 0, status: 0 };
    const { wire, upstreamStream: stream, reframe } = prepared.chat;
    const dialect = dialectOf(wire);
    const call = prepared.upstreamCall;
    const response = await upstream.send(call, AbortSignal.timeout(probeTimeouts.headersMs), probeTimeouts);
    if (stream && response.status >= 200 && response.status < 300) {
      const failure = await streamedProbeError(response.body, wire, reframe);
      return { ok: failure === undefined, message: failure ?? '', elapsedMs: Date.now() - started, status: response.status };
    }
    const text = (await readBody(response.body)).toString('utf8');
    const elapsedMs = Date.now() - started;
    let answer: unknown = undefined;
    try {
      answer = JSON.parse(text);
    } catch {
      answer = undefined;
    }
    if (response.status < 200 || response.status >= 300) return { ok: false, message: dialect.decodeError(answer)?.message ?? errorText(answer, text, response.status), elapsedMs, status: response.status };
    const reported = answer === undefined ? undefined : dialect.decodeError(answer);
    if (reported) return { ok: false, message: reported.message, elapsedMs, status: reported.httpStatus ?? response.status };
    return isChatAnswer(dialect, answer) ? { ok: true, message: '', elapsedMs, status: response.status } : { ok: false, message: 'the upstream answer is not a chat answer', elapsedMs, status: response.status };
  } catch (error) {
    return { ok: false, message: `upstream request failed: ${(error as Error).message}`, elapsedMs: Date.now() - started, status: 0 };
  }
}

/** The models the upstream account lists, or an error message. */
export async function fetchUpstreamModels(upstream: UpstreamClient, channel: AdaptorChannel): Promise<{ ok: true; models: string[] } | { ok: false; message: string }> {
  const reader = findModelListReader(channel.type);
  if (!reader) return { ok: false, message: `channel type ${channel.type} does not support fetching models` };
  try {
    const { status, body, text } = await callJson(upstream, reader.request(channel));
    if (status < 200 || status >= 300) return { ok: false, message: errorText(body, text, status) };
    return { ok: true, models: reader.read(body) };
  } catch (error) {
    return { ok: false, message: `upstream request failed: ${(error as Error).message}` };
  }
}

/** The upstream account balance, or an error message. */
export async function fetchUpstreamBalance(upstream: UpstreamClient, channel: AdaptorChannel): Promise<{ ok: true; balance: number } | { ok: false; message: string }> {
  const reader = findBalanceReader(channel.type);
  if (!reader) return { ok: false, message: `channel type ${channel.type} has no balance API` };
  try {
    const answers: unknown[] = [];
    for (const call of reader.requests(channel, new Date())) {
      const { status, body, text } = await callJson(upstream, call);
      if (status < 200 || status >= 300) return { ok: false, message: errorText(body, text, status) };
      answers.push(body);
    }
    const balance = reader.read(answers);
    return balance === undefined ? { ok: false, message: 'the upstream answer carries no balance' } : { ok: true, balance };
  } catch (error) {
    return { ok: false, message: `upstream request failed: ${(error as Error).message}` };
  }
}
