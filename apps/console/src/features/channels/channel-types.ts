// Shapes of the channel API answers (spec 001 §3 Channel, §7 Channels) as the console reads them.

/** A channel as list, search and get return it (the key is never sent back). */
export interface ChannelRecord {
  id: number;
  type: number;
  name: string;
  openai_organization: string;
  test_model: string;
  status: number;
  weight: number;
  priority: number;
  created_time: number;
  test_time: number;
  /** Milliseconds of the last successful test; 0 when untested. */
  response_time: number;
  base_url: string;
  other: string;
  balance: number;
  balance_updated_time: number;
  /** Comma-joined model names. */
  models: string;
  /** Comma-joined group names. */
  group: string;
  used_quota: number;
  model_mapping: string;
  status_code_mapping: string;
  auto_ban: number;
  /** JSON text with status_reason and status_time. */
  other_info: string;
  tag: string;
  setting: string;
  param_override: string;
  max_input_tokens?: number;
}

/** Tag mode's row for a tag: its channels as children, priority and weight -1 placeholders. */
export interface ChannelTagRow {
  is_tag: true;
  tag: string;
  name: string;
  children: ChannelRecord[];
  channel_count: number;
  /** The shared type of the children, 0 when they differ. */
  type: number;
  status: number;
  models: string;
  group: string;
  used_quota: number;
  balance: number;
  response_time: number;
  test_time: number;
  priority: number;
  weight: number;
}

/** One row of the channel table. */
export type ChannelListRow = ChannelRecord | ChannelTagRow;

/** What the list shows: paging, the applied search and the two switches. */
export interface ChannelListParams {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
  model: string;
  idSort: boolean;
  tagMode: boolean;
}

/** The column keys of the channel table, in display order. */
export const channelColumnKeys = [
  'id',
  'name',
  'type',
  'status',
  'group',
  'models',
  'response_time',
  'balance',
  'used_quota',
  'priority',
  'weight',
  'actions',
] as const;

/** One column key of the channel table. */
export type ChannelColumnKey = (typeof channelColumnKeys)[number];

/** Which columns are visible. */
export type ChannelColumnVisibility = Record<ChannelColumnKey, boolean>;
