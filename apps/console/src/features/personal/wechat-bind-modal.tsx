// Binding WeChat: scan the official account's QR code, send the keyword, enter the code (valid three minutes).
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useSiteStatus } from '../../lib/site-status';
import { useBindWechat } from './personal-api';

/** Props of the WeChat binding dialog. */
export interface WechatBindModalProps {
  open: boolean;
  onClose: () => void;
}

/** Binds WeChat with GET /api/oauth/wechat/bind. */
export function WechatBindModal({ open, onClose }: WechatBindModalProps) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const bindWechat = useBindWechat();
  const [code, setCode] = useState('');

  const submit = (): void => {
    if (!code.trim()) {
      notify.error(t('personal.codeRequired'));
      return;
    }
    bindWechat.mutate(code.trim(), {
      onSuccess: () => {
        notify.success(t('personal.wechatBound'));
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('personal.bindWechat')}
      okText={t('personal.bind')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={bindWechat.isPending}
      data-testid="wechat-bind-modal"
    >
      {status.wechat_qrcode ? (
        <div style={{ textAlign: 'center' }}>
          <img src={status.wechat_qrcode} alt="WeChat QR" style={{ maxWidth: 200 }} />
        </div>
      ) : null}
      <Typography.Paragraph style={{ textAlign: 'center' }}>{t('personal.wechatHint')}</Typography.Paragraph>
      <Input name="wechat_verification_code" value={code} onChange={(event) => setCode(event.target.value)} placeholder={t('auth.verificationCode')} />
    </Modal>
  );
}
