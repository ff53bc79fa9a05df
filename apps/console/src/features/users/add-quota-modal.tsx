// The add-quota dialog of the user editor: a signed amount added to the displayed quota before saving.
import { useState } from 'react';
import { InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderQuota } from '../../lib/quota-format';

/** Props of the add-quota dialog. */
export interface AddQuotaModalProps {
  open: boolean;
  currentQuota: number;
  onClose: () => void;
  onAdd: (amount: number) => void;
}

/** Asks for a signed quota amount and shows the resulting balance. */
export function AddQuotaModal({ open, currentQuota, onClose, onAdd }: AddQuotaModalProps) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState<number>(0);
  const close = (): void => {
    setAmount(0);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('users.addQuotaTitle')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      onCancel={close}
      onOk={() => {
        onAdd(Math.trunc(amount));
        close();
      }}
      destroyOnHidden
      data-testid="add-quota-modal"
    >
      <Typography.Paragraph type="secondary">{t('users.addQuotaHint')}</Typography.Paragraph>
      <InputNumber
        name="add_quota"
        data-testid="add-quota-amount"
        style={{ width: '100%' }}
        precision={0}
        value={amount}
        onChange={(value) => setAmount(typeof value === 'number' ? value : 0)}
        autoFocus
      />
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }} data-testid="add-quota-preview">
        {t('users.addQuotaPreview', {
          current: renderQuota(currentQuota),
          amount: renderQuota(Math.trunc(amount)),
          result: renderQuota(currentQuota + Math.trunc(amount)),
        })}
      </Typography.Paragraph>
    </Modal>
  );
}
