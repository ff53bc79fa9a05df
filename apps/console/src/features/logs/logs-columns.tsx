// Column definitions of the usage log table (admin-only columns, time tags, mapped models, retry chains).
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { LogType, type UsageLogItem } from '@turnpike/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { renderQuota } from '../../lib/quota-format';
import { colorForText, GroupTag } from '../../lib/user-tags';
import { LogUserCell } from './logs-user-cell';
import {
  adminLogColumns,
  firstTokenColor,
  latencyColor,
  logTypeInfo,
  parseLogOther,
  retryChain,
  type LogColumnKey,
  type LogColumnVisibility,
} from './logs-rules';

/** What the columns need from the page. */
export interface LogColumnsContext {
  t: TFunction;
  admin: boolean;
  visibility: LogColumnVisibility;
}

const isCall = (record: UsageLogItem): boolean => record.type === LogType.Consume || record.type === LogType.Error;

function ModelCell({ record, t }: { record: UsageLogItem; t: TFunction }) {
  if (!isCall(record) || !record.model_name) return null;
  const other = parseLogOther(record.other);
  const tag = (name: string, testId: string) => (
    <Tag color={colorForText(name)} style={{ cursor: 'pointer' }} data-testid={testId} onClick={() => void copyWithFeedback(name)}>
      {name}
    </Tag>
  );
  if (!other.is_model_mapped || !other.upstream_model_name) return tag(record.model_name, `log-model-${record.id}`);
  return (
    <Space direction="vertical" size={2}>
      <Tooltip title={t('logs.requestedModel')}>{tag(record.model_name, `log-model-${record.id}`)}</Tooltip>
      <Tooltip title={t('logs.upstreamModel')}>
        <span data-testid={`log-mapped-model-${record.id}`}>
          <Typography.Text type="secondary" style={{ marginRight: 4 }}>
            →
          </Typography.Text>
          {tag(other.upstream_model_name, `log-upstream-model-${record.id}`)}
        </span>
      </Tooltip>
    </Space>
  );
}

function TimeCell({ record, t }: { record: UsageLogItem; t: TFunction }) {
  if (!isCall(record)) return null;
  const other = parseLogOther(record.other);
  const showFirstToken = record.is_stream && other.frt !== undefined && other.frt > 0;
  return (
    <Space size={4} wrap>
      <Tooltip title={t('logs.latencyTooltip')}>
        <Tag color={latencyColor(record.use_time)} data-testid={`log-latency-${record.id}`}>
          {record.use_time} s
        </Tag>
      </Tooltip>
      {showFirstToken ? (
        <Tooltip title={t('logs.firstTokenTooltip')}>
          <Tag color={firstTokenColor(other.frt ?? 0)} data-testid={`log-frt-${record.id}`}>
            {((other.frt ?? 0) / 1000).toFixed(1)} s
          </Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** Builds the visible columns for the audience and the stored column choices. */
export function buildLogColumns({ t, admin, visibility }: LogColumnsContext): ColumnsType<UsageLogItem> {
  const columns: Array<ColumnsType<UsageLogItem>[number] & { key: LogColumnKey }> = [
    {
      key: 'created_at',
      title: t('logs.columns.created_at'),
      dataIndex: 'created_at',
      render: (seconds: number) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss')}</span>,
    },
    {
      key: 'channel',
      title: t('logs.columns.channel'),
      render: (_value, record) =>
        isCall(record) && record.channel ? (
          <Tooltip title={t('logs.channelTooltip', { id: record.channel, name: record.channel_name || '—' })}>
            <Tag color={colorForText(String(record.channel))} data-testid={`log-channel-${record.id}`}>
              {record.channel}
            </Tag>
          </Tooltip>
        ) : null,
    },
    {
      key: 'username',
      title: t('logs.columns.username'),
      render: (_value, record) => (record.username ? <LogUserCell userId={record.user_id} username={record.username} logId={record.id} /> : null),
    },
    {
      key: 'token_name',
      title: t('logs.columns.token_name'),
      render: (_value, record) =>
        record.token_name ? (
          <Tag color="geekblue" style={{ cursor: 'pointer' }} onClick={() => void copyWithFeedback(record.token_name)} data-testid={`log-token-${record.id}`}>
            {record.token_name}
          </Tag>
        ) : null,
    },
    {
      key: 'group',
      title: t('logs.columns.group'),
      render: (_value, record) => (isCall(record) || record.group ? <GroupTag group={record.group} /> : null),
    },
    {
      key: 'type',
      title: t('logs.columns.type'),
      render: (_value, record) => {
        const info = logTypeInfo(record.type);
        return (
          <Tag color={info.color} data-testid={`log-type-${record.id}`}>
            {t(`logs.types.${info.key}`)}
          </Tag>
        );
      },
    },
    { key: 'model_name', title: t('logs.columns.model_name'), render: (_value, record) => <ModelCell record={record} t={t} /> },
    { key: 'use_time', title: t('logs.columns.use_time'), render: (_value, record) => <TimeCell record={record} t={t} /> },
    {
      key: 'is_stream',
      title: t('logs.columns.is_stream'),
      render: (_value, record) =>
        isCall(record) ? <Tag color={record.is_stream ? 'blue' : 'purple'}>{record.is_stream ? t('logs.stream') : t('logs.nonStream')}</Tag> : null,
    },
    {
      key: 'prompt_tokens',
      title: t('logs.columns.prompt_tokens'),
      align: 'right',
      render: (_value, record) => (record.type === LogType.Consume ? <span data-testid={`log-prompt-${record.id}`}>{record.prompt_tokens}</span> : null),
    },
    {
      key: 'completion_tokens',
      title: t('logs.columns.completion_tokens'),
      align: 'right',
      render: (_value, record) => (record.type === LogType.Consume ? <span data-testid={`log-completion-${record.id}`}>{record.completion_tokens}</span> : null),
    },
    {
      key: 'quota',
      title: t('logs.columns.quota'),
      align: 'right',
      render: (_value, record) =>
        record.type === LogType.Consume || (record.type === LogType.Topup && record.quota > 0) ? (
          <span data-testid={`log-quota-${record.id}`} style={{ whiteSpace: 'nowrap' }}>
            {renderQuota(record.quota, 6)}
          </span>
        ) : null,
    },
    {
      key: 'retry',
      title: t('logs.columns.retry'),
      render: (_value, record) => {
        const chain = retryChain(parseLogOther(record.other).useChannel);
        return chain ? (
          <span data-testid={`log-retry-${record.id}`} style={{ whiteSpace: 'nowrap' }}>
            {chain}
          </span>
        ) : null;
      },
    },
    {
      key: 'content',
      title: t('logs.columns.content'),
      render: (_value, record) =>
        record.content ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: record.content }} style={{ maxWidth: 280, minWidth: 160, marginBottom: 0 }}>
            {record.content}
          </Typography.Paragraph>
        ) : null,
    },
  ];
  return columns.filter((column) => visibility[column.key] && (admin || !adminLogColumns.includes(column.key)));
}
