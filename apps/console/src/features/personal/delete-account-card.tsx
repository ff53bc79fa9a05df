// Account deletion: the user types their username to confirm; then the session ends and /login opens.
import { useState } from 'react';
import { Alert, Button, Card, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { clearStoredUser, isUserScopedQuery } from '../../lib/session';
import { useDeleteSelf } from './personal-api';

/** Deletes the signed-in account (DELETE /api/user/self). */
export function DeleteAccountCard({ username }: { username: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const deleteSelf = useDeleteSelf();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');

  const submit = (): void => {
    if (confirmation !== username) {
      notify.error(t('personal.deleteConfirmMismatch'));
      return;
    }
    deleteSelf.mutate(undefined, {
      onSuccess: async () => {
        notify.success(t('personal.accountDeleted'));
        try {
          await apiClient.get('/api/user/logout', { silent: true });
        } catch {
          // The account is gone; the local session is cleared regardless.
        }
        clearStoredUser();
        queryClient.removeQueries({ predicate: isUserScopedQuery });
        void navigate('/login');
      },
    });
  };

  return (
    <Card title={t('personal.dangerZone')} data-testid="delete-account-card">
      <Button danger onClick={() => { setConfirmation(''); setOpen(true); }} data-testid="delete-account">
        {t('personal.deleteAccount')}
      </Button>
      <Modal
        open={open}
        title={t('personal.deleteAccount')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true }}
        onOk={submit}
        onCancel={() => setOpen(false)}
        confirmLoading={deleteSelf.isPending}
        data-testid="delete-account-modal"
      >
        <Alert type="warning" showIcon title={t('personal.deleteWarning')} style={{ marginBottom: 16 }} />
        <Input
          name="delete_confirmation"
          data-testid="delete-account-confirmation"
          placeholder={t('personal.deleteConfirmPlaceholder', { username })}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </Modal>
    </Card>
  );
}
