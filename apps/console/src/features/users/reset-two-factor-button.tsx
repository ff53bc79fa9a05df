// The admin's "reset 2FA" action on a user row: turns the user's two-factor sign-in off and ends their sessions.
import { Button, Popconfirm } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { notify } from '../../lib/notify';

/** A confirmed DELETE /api/user/:id/2fa. */
export function ResetTwoFactorButton({ userId, disabled }: { userId: number; disabled: boolean }) {
  const { t } = useTranslation();
  const reset = useMutation({ mutationFn: () => apiClient.delete<unknown>(`/api/user/${userId}/2fa`) });
  return (
    <Popconfirm
      title={t('twoFactor.adminResetConfirm')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => reset.mutate(undefined, { onSuccess: () => notify.success(t('twoFactor.adminResetDone')) })}
    >
      <Button size="small" disabled={disabled} loading={reset.isPending} data-testid={`user-reset-2fa-${userId}`}>
        {t('twoFactor.adminReset')}
      </Button>
    </Popconfirm>
  );
}
