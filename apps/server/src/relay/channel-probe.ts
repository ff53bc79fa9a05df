// Probes a channel's upstream directly (never billed): a test chat call, its model list, its balance.
import { findBalanceReader, findModelListReader, findProviderAdaptor, type AdaptorChannel, type UpstreamCall } from '@turnpike/providers';
import type { ChannelRow } from '../db/schema';
import { readBody, type UpstreamClient } from './upstream-client';

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

/** Sends one small chat completion to the channel and times it. */
export async function testChannel(upstream: UpstreamClient, row: ChannelRow, model: string): Promise<ChannelTestResult> {
  const adaptor = findProviderAdaptor(row.type);
  if (!adaptor) return { ok: false, message: `channel type ${row.type} cannot be tested yet`, elapsedMs: 0, status: 0 };
  const started = Date.now();
  const call = adaptor.buildRequest({
    channel: adaptorChannel(row),
    path: '/v1/chat/completions',
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], stream: false }),
    contentType: 'application/json',
    model,
    stream: false,
  });
  try {
    const { status, body, text } = await callJson(upstream, call);
    const elapsedMs = Date.now() - started;
    if (status < 200 || status >= 300) return { ok: false, message: errorText(body, text, status), elapsedMs, status };
    const choices = body && typeof body === 'object' ? (body as Record<string, unknown>).choices : undefined;
    if (!Array.isArray(choices)) return { ok: false, message: 'the upstream answer is not a chat completion', elapsedMs, status };
    return { ok: true, message: '', elapsedMs, status };
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
