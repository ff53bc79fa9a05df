// How channels leave the server: never with their key; in tag mode, channels sharing a tag fold into one aggregate row.
import { ChannelStatus, splitNameList } from '@turnpike/contract';
import type { ChannelRow } from '../db/schema';

/** Every channel column except the key: the only columns list, search and get ever read. */
export const publicChannelColumns = [
  'id',
  'type',
  'openai_organization',
  'test_model',
  'status',
  'name',
  'weight',
  'created_time',
  'test_time',
  'response_time',
  'base_url',
  'other',
  'balance',
  'balance_updated_time',
  'models',
  'group',
  'used_quota',
  'model_mapping',
  'status_code_mapping',
  'priority',
  'auto_ban',
  'other_info',
  'tag',
  'setting',
  'param_override',
  'max_input_tokens',
] as const satisfies ReadonlyArray<keyof ChannelRow>;

/** A channel as the console sees it: no key, text columns never null. */
export type ChannelView = Omit<ChannelRow, 'key'>;

const textColumns = ['openai_organization', 'test_model', 'base_url', 'other', 'models', 'group', 'model_mapping', 'status_code_mapping', 'other_info', 'tag', 'setting', 'param_override'] as const;

/** The public view of a channel row; a key passed in is dropped. */
export function presentChannel(row: ChannelView | ChannelRow): ChannelView {
  const view: Record<string, unknown> = {};
  for (const column of publicChannelColumns) view[column] = row[column];
  for (const column of textColumns) view[column] ??= '';
  return view as ChannelView;
}

/** The row a tag stands for in tag mode: its channels as children plus figures summed over them. */
export interface TagAggregateRow {
  is_tag: true;
  tag: string;
  name: string;
  /** The channels carrying the tag, in list order. */
  children: ChannelView[];
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
  /** Placeholders (spec 001 §2): tag-level priority and weight are edited through the tag drawer. */
  priority: -1;
  weight: -1;
}

/** One row of a tag-mode page. */
export type TagModeRow = ChannelView | TagAggregateRow;

/** Folds a tag's channels into its aggregate row. */
export function aggregateTag(tag: string, children: ChannelView[]): TagAggregateRow {
  const types = new Set(children.map((child) => child.type));
  const tested = children.filter((child) => child.response_time > 0);
  let status: number = ChannelStatus.ManuallyDisabled;
  if (children.some((child) => child.status === ChannelStatus.Enabled)) status = ChannelStatus.Enabled;
  else if (children.length > 0 && children.every((child) => child.status === ChannelStatus.AutoDisabled)) status = ChannelStatus.AutoDisabled;
  return {
    is_tag: true,
    tag,
    name: tag,
    children,
    channel_count: children.length,
    type: types.size === 1 ? children[0].type : 0,
    status,
    models: splitNameList(children.flatMap((child) => splitNameList(child.models))).join(','),
    group: splitNameList(children.flatMap((child) => splitNameList(child.group))).join(','),
    used_quota: children.reduce((sum, child) => sum + child.used_quota, 0),
    balance: children.reduce((sum, child) => sum + child.balance, 0),
    response_time: tested.length ? Math.round(tested.reduce((sum, child) => sum + child.response_time, 0) / tested.length) : 0,
    test_time: children.reduce((latest, child) => Math.max(latest, child.test_time), 0),
    priority: -1,
    weight: -1,
  };
}
