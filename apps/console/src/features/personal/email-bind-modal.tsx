// Binding an e-mail address: address, a code sent with a 30-second resend lock, then the bind call.
import { useState } from 'react';
import { Form, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { SendCodeButton } from '../../lib/send-code-button';
import { useTurnstile } from '../../lib/turnstile';
import { useBindEmail, useSendBindingCode } from './personal-api';

/** Props of the e-mail binding dialog. */
export interface EmailBindModalProps {
  open: boolean;
  onClose: () => void;
}

/** Binds an e-mail with GET /api/oauth/email/bind. */
export function EmailBindModal({ open, onClose }: EmailBindModalProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const sendCode = useSendBindingCode();
  const bindEmail = useBindEmail();
  const turnstile = useTurnstile();

  const onSend = async (): Promise<boolean> => {
    if (!email.trim()) {
      notify.error(t('auth.enterEmail'));
      return false;
    }
    if (turnstile.enabled && !turnstile.token) {
      notify.info(t('auth.turnstileWait'));
      return false;
    }
    try {
      await sendCode.mutateAsync({ email: email.trim(), turnstile: turnstile.token });
      notify.success(t('auth.codeSent'));
      return true;
    } catch {
      return false;
    }
  };

  const submit = (): void => {
    if (!email.trim() || !code.trim()) {
      notify.error(t('personal.emailAndCodeRequired'));
      return;
    }
    bindEmail.mutate(
      { email: email.trim(), code: code.trim() },
      {
        onSuccess: () => {
          notify.success(t('personal.emailBound'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('personal.bindEmail')}
      okText={t('personal.bind')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={bindEmail.isPending}
      data-testid="email-bind-modal"
    >
      <Form layout="vertical" name="bind-email">
        <Form.Item label={t('auth.email')}>
          <Space.Compact style={{ width: '100%' }}>
            <Input name="email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} placeholder={t('auth.emailPlaceholder')} />
            <SendCodeButton onSend={onSend} loading={sendCode.isPending} testId="email-bind-send-code" />
          </Space.Compact>
        </Form.Item>
        <Form.Item label={t('auth.verificationCode')}>
          <Input name="email_verification_code" value={code} onChange={(event) => setCode(event.target.value)} placeholder={t('auth.verificationCodePlaceholder')} />
        </Form.Item>
      </Form>
      {turnstile.widget}
    </Modal>
  );
}
