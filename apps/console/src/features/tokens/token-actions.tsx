// The action buttons of one token row: copy key, chat links, enable/disable, edit, delete (with confirmation).
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { TokenStatus } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { TokenChatButton } from './token-chat-button';
import type { TokenRecord } from './tokens-api';

/** Props of the row actions. */
export interface TokenActionsProps {
  token: TokenRecord;
  busy: boolean;
  onSetStatus: (token: TokenRecord, status: number) => void;
  onEdit: (token: TokenRecord) => void;
  onDelete: (token: TokenRecord) => void;
}

/** Row actions; enable is offered for any status but enabled (the server refuses expired or exhausted tokens with a reason). */
export function TokenActions({ token, busy, onSetStatus, onEdit, onDelete }: TokenActionsProps) {
  const { t } = useTranslation();
  const enabled = token.status === TokenStatus.Enabled;
  return (
    <Space size={4} wrap={false}>
      <Tooltip title={t('tokens.copyKey')}>
        <Button
          size="small"
          icon={<CopyOutlined />}
          aria-label={t('tokens.copyKey')}
          onClick={() => void copyWithFeedback(`sk-${token.key}`)}
          data-testid={`token-copy-${token.id}`}
        />
      </Tooltip>
      <TokenChatButton tokenId={token.id} tokenKey={token.key} />
      {enabled ? (
        <Button size="small" danger disabled={busy} onClick={() => onSetStatus(token, TokenStatus.Disabled)} data-testid={`token-disable-${token.id}`}>
          {t('tokens.disable')}
        </Button>
      ) : (
        <Button size="small" disabled={busy} onClick={() => onSetStatus(token, TokenStatus.Enabled)} data-testid={`token-enable-${token.id}`}>
          {t('tokens.enable')}
        </Button>
      )}
      <Button size="small" onClick={() => onEdit(token)} data-testid={`token-edit-${token.id}`}>
        {t('common.edit')}
      </Button>
      <Popconfirm
        title={t('tokens.confirmDeleteTitle')}
        description={t('tokens.confirmDeleteContent')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        placement="left"
        onConfirm={() => onDelete(token)}
      >
        <Button size="small" danger type="primary" disabled={busy} data-testid={`token-delete-${token.id}`}>
          {t('tokens.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
