// Lookups over the provider registry (providers.ts) by channel type: adaptor, readers, chat wire, native dialects and
// failure rules. Every answer comes from the type's one Provider value; nothing here is keyed by type id by hand.
import type { FormatId } from '@turnpike/formats';
import type { Provider } from './provider';
import { classifyHttpFailure, type AdaptorChannel, type BalanceReader, type FailureClass, type ModelListReader, type ProviderAdaptor, type UpstreamDialect } from './provider-adaptor';
import type { ProviderFormat } from './provider-descriptor';
import { providers } from './providers';
import type { TaskProtocol } from './task-protocol';
import type { VideoProtocol } from './video/video-protocol';
import { standardUsageReading, type UsageReading } from './usage-reading';

const byType = new Map<number, Provider>(providers.map((provider) => [provider.descriptor.type, provider]));
const dialects = new Map<string, UpstreamDialect>();
for (const provider of providers) {
  const dialect = provider.adaptor?.dialect;
  if (dialect && !dialects.has(dialect.id)) dialects.set(dialect.id, dialect);
}

/** The Provider value of a channel type, or undefined when the type is not registered. */
export function findProviderValue(type: number): Provider | undefined {
  return byType.get(type);
}

/** The adaptor for a channel type, or undefined when the type cannot be relayed yet. */
export function findProviderAdaptor(type: number): ProviderAdaptor | undefined {
  return byType.get(type)?.adaptor;
}

/** How a channel type's reported usage is read: its provider's rule, else the standard one. */
export function findUsageReading(type: number): UsageReading {
  return byType.get(type)?.usageReading ?? standardUsageReading;
}

/** The task protocol of an asynchronous task channel type, or undefined for every other type. */
export function findTaskProtocol(type: number): TaskProtocol | undefined {
  return byType.get(type)?.task;
}

/** The video protocol of a channel type that generates videos (Sora, Veo, Kling), or undefined. */
export function findVideoProtocol(type: number): VideoProtocol | undefined {
  return byType.get(type)?.video;
}

/** The balance reader of a channel type, or undefined when the provider has no balance API. */
export function findBalanceReader(type: number): BalanceReader | undefined {
  return byType.get(type)?.balanceReader;
}

/** The model-list reader of a channel type, or undefined when the upstream cannot list models. */
export function findModelListReader(type: number): ModelListReader | undefined {
  return byType.get(type)?.modelListReader;
}

/** The wire of a descriptor format whose adaptor names none: the format's own dialect. */
const formatWires: Partial<Record<ProviderFormat, FormatId>> = { openai: 'openai-chat', anthropic: 'anthropic-messages', gemini: 'gemini' };

/**
 * The wire a chat call arriving in `inbound` goes out in for a channel type: a format id or a native dialect
 * id; undefined when the type cannot take chat calls.
 */
export function chatWireFor(type: number, model: string, inbound: FormatId, channel?: AdaptorChannel): string | undefined {
  const provider = byType.get(type);
  const adaptor = provider?.adaptor;
  if (!provider || !adaptor) return undefined;
  if (adaptor.chatWire) return adaptor.chatWire(model, inbound, channel);
  if (adaptor.dialect) return adaptor.dialect.id;
  return formatWires[provider.descriptor.format];
}

/** The native dialect registered under `id` by some adaptor, or undefined. */
export function findUpstreamDialect(id: string): UpstreamDialect | undefined {
  return dialects.get(id);
}

/** What a failed upstream answer means for a channel type (its own rule, else the shared one). */
export function classifyFailureFor(type: number, status: number, body: unknown): FailureClass {
  return byType.get(type)?.adaptor?.classifyFailure?.(status, body) ?? classifyHttpFailure(status);
}
