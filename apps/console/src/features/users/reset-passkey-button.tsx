// The admin's "reset passkey" action on a user row: removes the user's passkey and ends their sessions.
import { Button, Popconfirm } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { passkeyErrorText } from '../security/passkey-api';

/** A confirmed DELETE /api/user/:id/reset_passkey. */
export function ResetPasskeyButton({ userId, disabled }: { userId: number; disabled: boolean }) {
  const { t } = useTranslation();
  const reset = useMutation({ mutationFn: () => apiClient.delete<unknown>(`/api/user/${userId}/reset_passkey`, { silent: true }) });
  return (
    <Popconfirm
      title={t('passkey.adminResetConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => reset.mutate(undefined, { onSuccess: () => notify.success(t('passkey.adminResetDone')), onError: (error) => notify.error(passkeyErrorText(error)) })}
    >
      <Button size="small" disabled={disabled} loading={reset.isPending} data-testid={`user-reset-passkey-${userId}`}>
        {t('passkey.adminReset')}
      </Button>
    </Popconfirm>
  );
}
