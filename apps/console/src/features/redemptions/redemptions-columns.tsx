// Column definitions and row actions of the redemption code table.
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { RedemptionStatus } from '@turnpike/contract';
import type { TFunction } from 'i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { renderQuota } from '../../lib/quota-format';
import { formatTimestamp } from '../../lib/timestamp-format';
import type { RedemptionRecord } from './redemptions-api';
import { canEditRedemption, canToggleRedemption, redemptionStatusKey, type RedemptionStatusKey } from './redemptions-rules';

const statusColors: Record<RedemptionStatusKey, string> = { unused: 'green', disabled: 'red', used: 'default', unknown: 'default' };

/** What the columns need from the page. */
export interface RedemptionColumnsContext {
  t: TFunction;
  busyId: number | null;
  isMobile: boolean;
  onSetStatus: (code: RedemptionRecord, status: number) => void;
  onEdit: (code: RedemptionRecord) => void;
  onDelete: (code: RedemptionRecord) => void;
}

function withReason(disabled: boolean, reason: string, button: React.ReactElement) {
  return disabled ? <Tooltip title={reason}>{button}</Tooltip> : button;
}

function RedemptionActions({ code, context }: { code: RedemptionRecord; context: RedemptionColumnsContext }) {
  const { t, busyId, onSetStatus, onEdit, onDelete } = context;
  const busy = busyId === code.id;
  const toggleable = canToggleRedemption(code.status);
  const editable = canEditRedemption(code.status);
  const enabled = code.status === RedemptionStatus.Unused;
  return (
    <Space size={4} wrap={false}>
      <Button size="small" icon={<CopyOutlined />} onClick={() => void copyWithFeedback(code.key)} data-testid={`redemption-copy-${code.id}`}>
        {t('redemptions.copyCode')}
      </Button>
      {withReason(
        !toggleable,
        t('redemptions.toggleNotUsed'),
        enabled ? (
          <Button size="small" danger disabled={busy || !toggleable} onClick={() => onSetStatus(code, RedemptionStatus.Disabled)} data-testid={`redemption-disable-${code.id}`}>
            {t('redemptions.disable')}
          </Button>
        ) : (
          <Button size="small" disabled={busy || !toggleable} onClick={() => onSetStatus(code, RedemptionStatus.Unused)} data-testid={`redemption-enable-${code.id}`}>
            {t('redemptions.enable')}
          </Button>
        ),
      )}
      {withReason(
        !editable,
        t('redemptions.editOnlyUnused'),
        <Button size="small" disabled={!editable} onClick={() => onEdit(code)} data-testid={`redemption-edit-${code.id}`}>
          {t('common.edit')}
        </Button>,
      )}
      <Popconfirm
        title={t('redemptions.confirmDeleteTitle')}
        description={t('redemptions.confirmDeleteContent')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        placement="left"
        onConfirm={() => onDelete(code)}
      >
        <Button size="small" danger type="primary" disabled={busy} data-testid={`redemption-delete-${code.id}`}>
          {t('redemptions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}

/** Builds the table columns. */
export function buildRedemptionColumns(context: RedemptionColumnsContext): ColumnsType<RedemptionRecord> {
  const { t, isMobile } = context;
  return [
    { title: t('redemptions.column.id'), dataIndex: 'id', key: 'id', width: 72 },
    {
      title: t('redemptions.column.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, code) => <span data-testid={`redemption-name-${code.id}`}>{name}</span>,
    },
    {
      title: t('redemptions.column.status'),
      key: 'status',
      render: (_value, code) => {
        const key = redemptionStatusKey(code.status);
        return (
          <Tag color={statusColors[key]} data-testid={`redemption-status-${code.id}`} data-status={code.status}>
            {t(`redemptions.status.${key}`)}
          </Tag>
        );
      },
    },
    {
      title: t('redemptions.column.quota'),
      key: 'quota',
      render: (_value, code) => <span data-testid={`redemption-quota-${code.id}`}>{renderQuota(code.quota)}</span>,
    },
    {
      title: t('redemptions.column.createdTime'),
      key: 'created_time',
      render: (_value, code) => <span style={{ whiteSpace: 'nowrap' }}>{formatTimestamp(code.created_time)}</span>,
    },
    {
      title: t('redemptions.column.usedUserId'),
      key: 'used_user_id',
      render: (_value, code) =>
        code.used_user_id ? (
          <span data-testid={`redemption-user-${code.id}`}>{code.used_user_id}</span>
        ) : (
          <Typography.Text type="secondary" data-testid={`redemption-user-${code.id}`}>
            {t('redemptions.notRedeemed')}
          </Typography.Text>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_value, code) => <RedemptionActions code={code} context={context} />,
    },
  ];
}
