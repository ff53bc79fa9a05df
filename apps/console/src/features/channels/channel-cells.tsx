// Cells of the channel table: type, status (with the auto-disable reason), models, response-time badge and balance.
import { Popover, Space, Tag, Tooltip, Typography } from 'antd';
import { ChannelStatus, findProvider } from '@turnpike/contract';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { splitNameList } from '@turnpike/contract';
import { formatBalance, isTagRow, readStatusInfo, responseTimeColor } from './channel-rules';
import { useProviderText } from './channel-provider-text';
import type { ChannelListRow } from './channel-types';

/** Seconds since the epoch as local date and time. */
export function formatTime(seconds: number): string {
  return dayjs.unix(seconds).format('YYYY-MM-DD HH:mm:ss');
}

/** The type tag: the descriptor's label and colour ("mixed" for a tag whose channels differ). */
export function ChannelTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  const { label } = useProviderText();
  if (type === 0) return <Tag>{t('channels.cells.mixedTypes')}</Tag>;
  return (
    <Tag color={findProvider(type)?.color} data-testid="channel-type-tag">
      {label(type)}
    </Tag>
  );
}

/** Status: enabled, manually disabled, or auto-disabled with the reason and time in a tooltip. */
export function ChannelStatusCell({ row }: { row: ChannelListRow }) {
  const { t } = useTranslation();
  const testId = isTagRow(row) ? `tag-status-${row.tag}` : `channel-status-${row.id}`;
  let tag;
  if (row.status === ChannelStatus.Enabled) tag = <Tag color="green">{t('channels.status.enabled')}</Tag>;
  else if (row.status === ChannelStatus.ManuallyDisabled) tag = <Tag color="red">{t('channels.status.manuallyDisabled')}</Tag>;
  else if (row.status === ChannelStatus.AutoDisabled) tag = <Tag color="orange">{t('channels.status.autoDisabled')}</Tag>;
  else tag = <Tag>{t('channels.status.unknown')}</Tag>;
  if (isTagRow(row)) {
    const enabled = row.children.filter((child) => child.status === ChannelStatus.Enabled).length;
    return (
      <Tooltip title={t('channels.status.tagSummary', { enabled, total: row.children.length })}>
        <span data-testid={testId}>{tag}</span>
      </Tooltip>
    );
  }
  if (row.status !== ChannelStatus.AutoDisabled) return <span data-testid={testId}>{tag}</span>;
  const info = readStatusInfo(row.other_info);
  const title = (
    <div data-testid={`channel-status-reason-${row.id}`}>
      <div>{info.reason ? t('channels.status.reason', { reason: info.reason }) : t('channels.status.noReason')}</div>
      {info.time > 0 ? <div>{t('channels.status.time', { time: formatTime(info.time) })}</div> : null}
    </div>
  );
  return (
    <Tooltip title={title}>
      <span data-testid={testId} style={{ cursor: 'help' }}>
        {tag}
      </span>
    </Tooltip>
  );
}

const visibleModelCount = 2;

/** The model list collapsed to a few tags, the rest in a popover. */
export function ModelsCell({ models, testId }: { models: string; testId: string }) {
  const { t } = useTranslation();
  const names = splitNameList(models);
  if (names.length === 0) return <Typography.Text type="secondary">{t('channels.cells.noModels')}</Typography.Text>;
  const shown = names.slice(0, visibleModelCount);
  const all = (
    <div style={{ maxWidth: 360, maxHeight: 320, overflowY: 'auto' }}>
      <Typography.Text type="secondary">{t('channels.cells.allModels', { count: names.length })}</Typography.Text>
      <div style={{ marginTop: 8 }}>
        {names.map((name) => (
          <Tag key={name} style={{ marginBottom: 4 }}>
            {name}
          </Tag>
        ))}
      </div>
    </div>
  );
  return (
    <Space size={[0, 4]} wrap data-testid={testId} style={{ maxWidth: 260 }}>
      {shown.map((name) => (
        <Tag key={name} style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {name}
        </Tag>
      ))}
      {names.length > shown.length ? (
        <Popover content={all} trigger="click">
          <Tag color="blue" style={{ cursor: 'pointer' }} data-testid={`${testId}-more`}>
            {t('channels.cells.moreModels', { count: names.length - shown.length })}
          </Tag>
        </Popover>
      ) : null}
    </Space>
  );
}

/** The response-time badge (spec 001 §4); clicking a channel's badge tests it again. */
export function ResponseTimeBadge({ row, onTest, busy }: { row: ChannelListRow; onTest?: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const milliseconds = row.response_time;
  const text = milliseconds > 0 ? t('channels.cells.seconds', { seconds: (milliseconds / 1000).toFixed(2) }) : t('channels.cells.untested');
  const color = responseTimeColor(milliseconds);
  const tagRow = isTagRow(row);
  let tip = t('channels.cells.neverTested');
  if (tagRow) tip = t('channels.cells.tagResponseTime');
  else if (row.test_time > 0) tip = t('channels.cells.testedAt', { time: formatTime(row.test_time) });
  return (
    <Tooltip title={tip}>
      <Tag
        color={color === 'default' ? undefined : color}
        data-testid={tagRow ? `tag-response-time-${row.tag}` : `channel-response-time-${row.id}`}
        data-color={color}
        style={{ cursor: tagRow ? 'default' : 'pointer', opacity: busy ? 0.5 : 1 }}
        onClick={tagRow || busy ? undefined : onTest}
      >
        {text}
      </Tag>
    </Tooltip>
  );
}

/** The upstream balance where the type supports it; clicking updates it. */
export function BalanceCell({ row, onUpdate, busy }: { row: ChannelListRow; onUpdate?: () => void; busy: boolean }) {
  const { t } = useTranslation();
  if (isTagRow(row)) {
    return row.balance > 0 ? <Tag>{formatBalance(row.type, row.balance)}</Tag> : <Typography.Text type="secondary">{t('channels.cells.placeholder')}</Typography.Text>;
  }
  if (!findProvider(row.type)?.balanceSupported) {
    return (
      <Typography.Text type="secondary" data-testid={`channel-balance-${row.id}`}>
        {t('channels.cells.balanceUnsupported')}
      </Typography.Text>
    );
  }
  const tip = row.balance_updated_time > 0 ? t('channels.cells.balanceUpdatedAt', { time: formatTime(row.balance_updated_time) }) : t('channels.cells.balanceNeverUpdated');
  return (
    <Tooltip title={tip}>
      <Tag
        color="blue"
        data-testid={`channel-balance-${row.id}`}
        style={{ cursor: 'pointer', opacity: busy ? 0.5 : 1 }}
        onClick={busy ? undefined : onUpdate}
      >
        {formatBalance(row.type, row.balance)}
      </Tag>
    </Tooltip>
  );
}
