// Channels as the channel API answers them (spec 001 §3 Channel, §7 Channels): the record without its key, and tag mode's rows.
import type { ChannelSettings } from './channel-settings';
import type { Page } from './envelope';

/** A channel as list, search and get answer it: every settable column but the key, plus the figures the server keeps. */
export interface ChannelRecord extends Omit<ChannelSettings, 'key'> {
  id: number;
  created_time: number;
  test_time: number;
  /** Milliseconds of the last successful test; 0 when untested. */
  response_time: number;
  balance: number;
  balance_updated_time: number;
  used_quota: number;
  /** JSON text with status_reason and status_time. */
  other_info: string;
}

/** Tag mode's row for a tag: its channels as children plus figures summed over them. */
export interface ChannelTagRow {
  is_tag: true;
  tag: string;
  name: string;
  /** The channels carrying the tag, in list order. */
  children: ChannelRecord[];
  channel_count: number;
  /** The children's type when they share one, else 0. */
  type: number;
  /** 1 when any child is enabled, 3 when every child is auto-disabled, else 2. */
  status: number;
  /** Union of the children's models and groups, comma-joined. */
  models: string;
  group: string;
  used_quota: number;
  balance: number;
  /** Mean response time of the tested children (ms), 0 when none was tested. */
  response_time: number;
  test_time: number;
  /** Placeholders, -1 (spec 001 §2): tag-level priority and weight are edited through the tag drawer. */
  priority: number;
  weight: number;
}

/** One row of the channel list (a channel, or in tag mode a tag). */
export type ChannelListRow = ChannelRecord | ChannelTagRow;

/** One page of the channel list, with the channel count per type for the console's type tabs. */
export interface ChannelListPage extends Page<ChannelListRow> {
  /** Channel count per type for the filter without its type. */
  type_counts: Record<string, number>;
}

/** One client type's use of a channel within a group. */
export interface ChannelClientUse {
  client_type: string;
  count: number;
  first_seen: number;
  last_seen: number;
}

/** One group's use of a channel (GET /api/channel/test_upstream/{id}). */
export interface ChannelGroupUse {
  group: string;
  first_seen: number;
  last_seen: number;
  client_types: ChannelClientUse[];
}
