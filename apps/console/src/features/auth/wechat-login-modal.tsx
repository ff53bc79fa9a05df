// Logging in with WeChat: scan the official account's QR code, send the keyword, enter the code (valid three minutes).
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useSiteStatus } from '../../lib/site-status';
import { useWechatLogin } from './oauth-api';

/** Props of the WeChat login dialog. */
export interface WechatLoginModalProps {
  open: boolean;
  onClose: () => void;
}

/** Signs in with GET /api/oauth/wechat and lands on /token. */
export function WechatLoginModal({ open, onClose }: WechatLoginModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const login = useWechatLogin();
  const [code, setCode] = useState('');

  const submit = (): void => {
    if (!code.trim()) {
      notify.error(t('oauth.codeRequired'));
      return;
    }
    login.mutate(code.trim(), {
      onSuccess: () => {
        notify.success(t('oauth.loginSuccess'));
        onClose();
        void navigate('/token');
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('oauth.wechatLoginTitle')}
      okText={t('oauth.wechatLogin')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={login.isPending}
      data-testid="wechat-login-modal"
    >
      {status.wechat_qrcode ? (
        <div style={{ textAlign: 'center' }}>
          <img src={status.wechat_qrcode} alt="WeChat QR" style={{ maxWidth: 200, width: '100%' }} />
        </div>
      ) : null}
      <Typography.Paragraph style={{ textAlign: 'center' }}>{t('oauth.wechatHint')}</Typography.Paragraph>
      <Input name="wechat_login_code" value={code} onChange={(event) => setCode(event.target.value)} onPressEnter={submit} placeholder={t('oauth.wechatCode')} />
    </Modal>
  );
}
