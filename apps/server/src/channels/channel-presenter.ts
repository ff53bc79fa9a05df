// How channels leave the server: never with their key; in tag mode, channels sharing a tag fold into one aggregate row.
import { ChannelStatus, splitNameList, type ChannelListRow, type ChannelRecord, type ChannelTagRow } from '@turnpike/contract';
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
export type ChannelView = ChannelRecord;

const textColumns = ['openai_organization', 'test_model', 'base_url', 'other', 'models', 'group', 'model_mapping', 'status_code_mapping', 'other_info', 'tag', 'setting', 'param_override'] as const;

/** The public view of a channel row; a key passed in is dropped. */
export function presentChannel(row: ChannelView | ChannelRow): ChannelView {
  const view = {} as ChannelView;
  for (const column of publicChannelColumns) Object.assign(view, { [column]: row[column] });
  // Older rows may hold null in text columns; the console reads them as text.
  for (const column of textColumns) Object.assign(view, { [column]: view[column] ?? '' });
  return view;
}

/** The row a tag stands for in tag mode. */
export type TagAggregateRow = ChannelTagRow;

/** One row of a tag-mode page. */
export type TagModeRow = ChannelListRow;

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
