// Shapes of the channel API answers (spec 001 §3 Channel, §7 Channels) as the console reads them.

export type { ChannelListRow, ChannelRecord, ChannelTagRow } from '@turnpike/contract';

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
