// One channel type as a single value: what the console shows (descriptor), how calls are built (adaptor), what the
// account can be asked (model list, balance) and the samples the conformance test drives it with. Each provider folder
// exports one of these; the registry (providers.ts) is a list of them.
import type { ProviderDescriptor } from './provider-descriptor';
import type { BalanceReader, ModelListReader, ProviderAdaptor } from './provider-adaptor';
import type { TypeConformance } from './__conformance__/conformance-kit';
import type { TaskProtocol } from './task-protocol';
import type { VideoProtocol } from './video/video-protocol';
import type { UsageReading } from './usage-reading';

/** Everything the gateway knows about one channel type. */
export interface Provider {
  /** The data-only half (also in the console-safe descriptor list). */
  readonly descriptor: ProviderDescriptor;
  /** Builds upstream calls; absent for task types (Midjourney, Suno), which are relayed by their own handlers. */
  readonly adaptor?: ProviderAdaptor;
  /** The channel form's "fetch models"; absent when the upstream cannot list models. */
  readonly modelListReader?: ModelListReader;
  /** The account balance; present exactly when `descriptor.balanceSupported`. */
  readonly balanceReader?: BalanceReader;
  /** The submit and poll protocol of an asynchronous task type (Midjourney, Suno); absent for every other type. */
  readonly task?: TaskProtocol;
  /** The video generation protocol of a type that relays `/v1/videos` (Sora, Veo, Kling); absent for every other type. */
  readonly video?: VideoProtocol;
  /** How its reported usage is read, when it differs from `standardUsageReading` (xAI: reasoning beside the output). */
  readonly usageReading?: UsageReading;
  /** Conformance samples, loaded only by the conformance test (never on the relay's path). Absent for task types. */
  readonly conformance?: () => Promise<TypeConformance>;
}
