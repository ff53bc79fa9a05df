// Usage logs, log statistics, dashboard data and the public pricing answer (spec 001 §3, §7; spec 000 §7).
import type { Envelope } from './envelope';

/** One usage log record as `GET /api/log/` and `/api/log/self/` list it (newest first). */
export interface UsageLogItem {
  id: number;
  user_id: number;
  created_at: number;
  /** 1 top-up, 2 consumption, 3 management, 4 system, 5 error. */
  type: number;
  content: string;
  username: string;
  token_name: string;
  token_id: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Seconds. */
  use_time: number;
  is_stream: boolean;
  /** The channel id; 0 in the self list (channels are admin-only). */
  channel: number;
  /** Empty in the self list. */
  channel_name: string;
  group: string;
  ip: string;
  request_id: string;
  /** JSON text (model_ratio, completion_ratio, group_ratio, …); the self list drops admin_info. */
  other: string;
}

/** `GET /api/log/stat` and `/api/log/self/stat`: consumed quota in the window, requests and tokens of the last 60 s. */
export interface LogStat {
  quota: number;
  rpm: number;
  tpm: number;
}

/** Bucket sizes `GET /api/data/?granularity=` accepts; without it the hourly rows come back as stored. */
export const DataGranularities = ['hour', 'day', 'week'] as const;
export type DataGranularity = (typeof DataGranularities)[number];

/** One dashboard row: usage of a model in a time bucket (an hour unless a granularity was asked for). */
export interface QuotaDataItem {
  model_name: string;
  /** Start of the bucket, in seconds. */
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
  /** Present on per-user rows (the self call, or the admin call filtered by username). */
  username?: string;
  user_id?: number;
  id?: number;
}

/** Pricing item billing type: 0 per usage (ratios), 1 per call (fixed price). */
export const QuotaType = { PerUsage: 0, PerCall: 1 } as const;

/** One model on the public pricing page. */
export interface PricingItem {
  model_name: string;
  quota_type: number;
  /** Ratio mode only (0 in price mode). */
  model_ratio: number;
  completion_ratio: number;
  /** USD per call, price mode only (0 in ratio mode). */
  model_price: number;
  /** Audio input tokens relative to text input tokens (Realtime), present only where an AudioRatio entry prices it. */
  audio_ratio?: number;
  /** Audio output tokens relative to audio input tokens, present only where an AudioCompletionRatio entry prices it. */
  audio_completion_ratio?: number;
  /** Groups with an enabled channel for the model. */
  enable_groups: string[];
  /**
   * Where the price comes from: the operator's pricing options, the bundled model catalog's list price (no option
   * prices the model), or the default ratio of unset models.
   */
  price_source: 'option' | 'catalog' | 'unset';
}

/** `GET /api/pricing`: the items in data, and group_ratio / usable_group beside it at the top level. */
export interface PricingAnswer extends Envelope<PricingItem[]> {
  /** Usable group → the ratio the caller pays there (an exclusive ratio replaces the group ratio). */
  group_ratio: Record<string, number>;
  /** Usable group → description. */
  usable_group: Record<string, string>;
}
