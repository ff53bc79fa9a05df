// The action buttons of one user row: promote, demote, disable/enable, edit, reset 2FA, deactivate (with confirmations).
import { Button, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { UserStatus } from '@turnpike/contract';
import { useSessionUser } from '../../lib/session';
import { ResetPasskeyButton } from './reset-passkey-button';
import { ResetTwoFactorButton } from './reset-two-factor-button';
import { isDeactivated, type UserManageAction, type UserRecord } from './users-api';

/** Props of the row actions. */
export interface UserActionsProps {
  user: UserRecord;
  busy: boolean;
  onAction: (user: UserRecord, action: UserManageAction) => void;
  onEdit: (user: UserRecord) => void;
}

/** Action buttons; a deactivated user gets none. */
export function UserActions({ user, busy, onAction, onEdit }: UserActionsProps) {
  const { t } = useTranslation();
  const actor = useSessionUser();
  if (isDeactivated(user)) return <Typography.Text type="secondary">-</Typography.Text>;
  // Nobody may act on a user of equal or higher role (the server refuses it too): only editing is offered.
  if (actor && user.role >= actor.role) {
    return (
      <Button size="small" onClick={() => onEdit(user)} data-testid={`user-edit-${user.id}`}>
        {t('common.edit')}
      </Button>
    );
  }
  const confirm = (action: UserManageAction, label: string, danger = false) => (
    <Popconfirm
      title={t('users.confirmAction')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      onConfirm={() => onAction(user, action)}
    >
      <Button size="small" danger={danger} disabled={busy} data-testid={`user-${action}-${user.id}`}>
        {label}
      </Button>
    </Popconfirm>
  );
  const enabled = user.status === UserStatus.Enabled;
  return (
    <Space size={4} wrap>
      {confirm('promote', t('users.promote'))}
      {confirm('demote', t('users.demote'))}
      {enabled ? (
        confirm('disable', t('users.disable'), true)
      ) : user.status === UserStatus.Blocked ? (
        <Button size="small" disabled data-testid={`user-enable-${user.id}`}>
          {t('users.enable')}
        </Button>
      ) : (
        confirm('enable', t('users.enable'))
      )}
      <Button size="small" onClick={() => onEdit(user)} data-testid={`user-edit-${user.id}`}>
        {t('common.edit')}
      </Button>
      <ResetTwoFactorButton userId={user.id} disabled={busy} />
      <ResetPasskeyButton userId={user.id} disabled={busy} />
      <Popconfirm
        title={t('users.confirmDeleteTitle')}
        description={t('users.confirmDeleteContent')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        placement="left"
        onConfirm={() => onAction(user, 'delete')}
      >
        <Button size="small" danger type="primary" disabled={busy} data-testid={`user-delete-${user.id}`}>
          {t('users.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
