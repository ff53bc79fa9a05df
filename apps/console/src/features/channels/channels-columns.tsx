// Column definitions of the channel table; tag rows (tag mode) and channel rows share the columns.
import { Space, Tag, Typography } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { renderQuota } from '../../lib/quota-format';
import { GroupTag } from '../../lib/user-tags';
import { BalanceCell, ChannelStatusCell, ChannelTypeTag, ModelsCell, ResponseTimeBadge } from './channel-cells';
import { ChannelRowActions, TagRowActions, type ChannelRowHandlers, type TagRowHandlers } from './channel-row-actions';
import { isTagRow } from './channel-rules';
import type { ChannelColumnKey, ChannelColumnVisibility, ChannelListRow } from './channel-types';
import { InlineNumberCell } from './inline-number-cell';

/** What the columns need from the page. */
export interface ChannelColumnsContext extends ChannelRowHandlers, TagRowHandlers {
  t: TFunction;
  isMobile: boolean;
  visibility: ChannelColumnVisibility;
  /** Channel ids with a test or balance request in flight. */
  testingIds: ReadonlySet<number>;
  balanceIds: ReadonlySet<number>;
  onUpdateBalance: (row: ChannelListRow) => void;
  /** Saves a priority or weight, for a channel ({id, field}) or a whole tag. */
  onCommitNumber: (row: ChannelListRow, field: 'priority' | 'weight', value: number) => Promise<unknown>;
}

function rowTestId(row: ChannelListRow, part: string): string {
  return isTagRow(row) ? `tag-${part}-${row.tag}` : `channel-${part}-${row.id}`;
}

/** Builds the visible columns in their fixed order. */
export function buildChannelColumns(context: ChannelColumnsContext): ColumnsType<ChannelListRow> {
  const { t, isMobile, visibility } = context;
  const numberCell = (field: 'priority' | 'weight') => (_value: unknown, row: ChannelListRow) => (
    <InlineNumberCell
      field={field}
      value={isTagRow(row) ? null : row[field]}
      tagLevel={isTagRow(row)}
      testId={rowTestId(row, field)}
      onCommit={(value) => context.onCommitNumber(row, field, value)}
    />
  );
  const all: Array<{ key: ChannelColumnKey } & ColumnsType<ChannelListRow>[number]> = [
    {
      key: 'id',
      title: t('channels.columns.id'),
      width: 72,
      render: (_value, row) => (isTagRow(row) ? <Typography.Text type="secondary">{t('channels.cells.placeholder')}</Typography.Text> : row.id),
    },
    {
      key: 'name',
      title: t('channels.columns.name'),
      render: (_value, row) =>
        isTagRow(row) ? (
          <Space size={6} data-testid={`tag-name-${row.tag}`}>
            <TagsOutlined />
            <Typography.Text strong>{row.tag}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
              {t('channels.cells.tagChannels', { count: row.channel_count })}
            </Typography.Text>
          </Space>
        ) : (
          <span
            data-testid={`channel-name-${row.id}`}
            style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', verticalAlign: 'middle', minWidth: 100, maxWidth: 200 }}
          >
            <Typography.Text ellipsis={{ tooltip: row.name }} style={{ maxWidth: 200 }}>
              {row.name}
            </Typography.Text>
            {row.tag ? (
              <Tag color="purple" style={{ marginTop: 2 }}>
                {row.tag}
              </Tag>
            ) : null}
          </span>
        ),
    },
    { key: 'type', title: t('channels.columns.type'), render: (_value, row) => <ChannelTypeTag type={row.type} /> },
    { key: 'status', title: t('channels.columns.status'), render: (_value, row) => <ChannelStatusCell row={row} /> },
    { key: 'group', title: t('channels.columns.group'), render: (_value, row) => <GroupTag group={row.group} /> },
    { key: 'models', title: t('channels.columns.models'), render: (_value, row) => <ModelsCell models={row.models} testId={rowTestId(row, 'models')} /> },
    {
      key: 'response_time',
      title: t('channels.columns.response_time'),
      render: (_value, row) => (
        <ResponseTimeBadge row={row} busy={!isTagRow(row) && context.testingIds.has(row.id)} onTest={isTagRow(row) ? undefined : () => context.onTest(row)} />
      ),
    },
    {
      key: 'balance',
      title: t('channels.columns.balance'),
      render: (_value, row) => (
        <BalanceCell row={row} busy={!isTagRow(row) && context.balanceIds.has(row.id)} onUpdate={() => context.onUpdateBalance(row)} />
      ),
    },
    {
      key: 'used_quota',
      title: t('channels.columns.used_quota'),
      render: (_value, row) => <span data-testid={rowTestId(row, 'used')}>{renderQuota(row.used_quota ?? 0)}</span>,
    },
    { key: 'priority', title: t('channels.columns.priority'), render: numberCell('priority') },
    { key: 'weight', title: t('channels.columns.weight'), render: numberCell('weight') },
    {
      key: 'actions',
      title: t('channels.columns.actions'),
      fixed: isMobile ? undefined : 'right',
      render: (_value, row) =>
        isTagRow(row) ? (
          <TagRowActions row={row} handlers={context} />
        ) : (
          <ChannelRowActions channel={row} busy={context.testingIds.has(row.id)} handlers={context} />
        ),
    },
  ];
  return all.filter((column) => visibility[column.key]);
}
