// Column definitions of the token table.
import { useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { renderQuota } from '../../lib/quota-format';
import { formatTimestamp } from '../../lib/timestamp-format';
import { GroupTag } from '../../lib/user-tags';
import { TokenActions } from './token-actions';
import type { TokenRecord } from './tokens-api';
import { maskTokenKey, modelLimitList, tokenStatusKey, type TokenStatusKey } from './tokens-rules';

const statusColors: Record<TokenStatusKey, string> = {
  enabled: 'green',
  enabledWithLimits: 'cyan',
  disabled: 'red',
  expired: 'gold',
  exhausted: 'default',
  unknown: 'default',
};

/** What the columns need from the page. */
export interface TokenColumnsContext {
  t: TFunction;
  busyTokenId: number | null;
  isMobile: boolean;
  onSetStatus: (token: TokenRecord, status: number) => void;
  onEdit: (token: TokenRecord) => void;
  onDelete: (token: TokenRecord) => void;
}

function TokenKeyCell({ token, t }: { token: TokenRecord; t: TFunction }) {
  const [shown, setShown] = useState(false);
  return (
    <Space size={4} wrap={false}>
      <Typography.Text type="secondary" code data-testid={`token-key-${token.id}`} style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
        {shown ? `sk-${token.key}` : maskTokenKey(token.key)}
      </Typography.Text>
      <Tooltip title={shown ? t('tokens.hideKey') : t('tokens.showKey')}>
        <Button
          type="text"
          size="small"
          icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          aria-label={shown ? t('tokens.hideKey') : t('tokens.showKey')}
          onClick={() => setShown((value) => !value)}
          data-testid={`token-key-toggle-${token.id}`}
        />
      </Tooltip>
    </Space>
  );
}

/** A `YYYY-MM-DD HH:mm:ss` text as the date over the (secondary) time, to keep the column narrow. */
function StackedDateTime({ text }: { text: string }) {
  const [date, time] = text.split(' ');
  return (
    <div style={{ whiteSpace: 'nowrap', lineHeight: 1.4 }}>
      <div>{date}</div>
      {time ? <Typography.Text type="secondary">{time}</Typography.Text> : null}
    </div>
  );
}

function ModelLimitsCell({ token, t }: { token: TokenRecord; t: TFunction }) {
  const models = token.model_limits_enabled ? modelLimitList(token.model_limits) : [];
  if (models.length === 0) return <Typography.Text type="secondary">{t('tokens.noModelLimits')}</Typography.Text>;
  const shown = models.slice(0, 2);
  const rest = models.slice(2);
  return (
    <Space size={[2, 2]} wrap style={{ maxWidth: 260 }}>
      {shown.map((model) => (
        <Tag key={model}>{model}</Tag>
      ))}
      {rest.length > 0 ? (
        <Tooltip title={rest.join(', ')}>
          <Tag>+{rest.length}</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );
}

/** Builds the table columns. */
export function buildTokenColumns({ t, busyTokenId, isMobile, onSetStatus, onEdit, onDelete }: TokenColumnsContext): ColumnsType<TokenRecord> {
  return [
    {
      title: t('tokens.column.name'),
      key: 'name',
      render: (_value, token) => (
        <Space orientation="vertical" size={2}>
          <span data-testid={`token-name-${token.id}`} style={{ fontWeight: 500 }}>
            {token.name}
          </span>
          <TokenKeyCell token={token} t={t} />
        </Space>
      ),
    },
    {
      title: t('tokens.column.status'),
      key: 'status',
      render: (_value, token) => {
        const key = tokenStatusKey(token);
        return (
          <Tag color={statusColors[key]} data-testid={`token-status-${token.id}`} data-status={token.status}>
            {t(`tokens.status.${key}`)}
          </Tag>
        );
      },
    },
    {
      title: t('tokens.column.remainQuota'),
      key: 'remain_quota',
      render: (_value, token) =>
        token.unlimited_quota ? (
          <Tag color="blue" data-testid={`token-remain-${token.id}`}>
            {t('tokens.unlimited')}
          </Tag>
        ) : (
          <span data-testid={`token-remain-${token.id}`}>{renderQuota(token.remain_quota)}</span>
        ),
    },
    {
      title: t('tokens.column.usedQuota'),
      key: 'used_quota',
      render: (_value, token) => <span data-testid={`token-used-${token.id}`}>{renderQuota(token.used_quota)}</span>,
    },
    {
      title: t('tokens.column.createdTime'),
      key: 'created_time',
      render: (_value, token) => <StackedDateTime text={formatTimestamp(token.created_time)} />,
    },
    {
      title: t('tokens.column.expiredTime'),
      key: 'expired_time',
      render: (_value, token) => (
        <span data-testid={`token-expiry-${token.id}`}>
          {token.expired_time === -1 ? t('tokens.never') : <StackedDateTime text={formatTimestamp(token.expired_time)} />}
        </span>
      ),
    },
    { title: t('tokens.column.modelLimits'), key: 'model_limits', render: (_value, token) => <ModelLimitsCell token={token} t={t} /> },
    {
      title: t('tokens.column.group'),
      key: 'group',
      render: (_value, token) =>
        token.group ? <GroupTag group={token.group} /> : <Typography.Text type="secondary">{t('tokens.userGroup')}</Typography.Text>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_value, token) => (
        <TokenActions token={token} busy={busyTokenId === token.id} onSetStatus={onSetStatus} onEdit={onEdit} onDelete={onDelete} />
      ),
    },
  ];
}
