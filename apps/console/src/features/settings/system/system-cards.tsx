// System tab cards: server address, proxy worker, payment and SMTP.
import { Alert, Col } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import { useOptions } from '../settings-api';
import { epayNotifyUrl, withoutTrailingSlashes } from './system-rules';

const serverKeys = ['ServerAddress', 'UpdateCheckUrl'];
const trimServer = withoutTrailingSlashes(serverKeys);

/** The server address (trailing slash removed) and the release source the update check asks. */
export function ServerCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="server" title={t('settings.cards.server')} keys={serverKeys} prepare={trimServer}>
      <OptionField optionKey="ServerAddress" wide placeholder="https://yourdomain.com" />
      <OptionField optionKey="UpdateCheckUrl" wide placeholder="https://api.github.com/repos/…/releases/latest" />
    </OptionFormCard>
  );
}

const workerKeys = ['WorkerUrl', 'WorkerValidKey', 'WorkerAllowHttpImageRequestEnabled'];
const trimWorker = withoutTrailingSlashes(['WorkerUrl']);

/** The proxy worker used to fetch images and files. */
export function WorkerCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="worker" title={t('settings.cards.worker')} keys={workerKeys} prepare={trimWorker}>
      <OptionField optionKey="WorkerUrl" placeholder="https://" />
      <OptionField optionKey="WorkerValidKey" />
      <OptionField optionKey="WorkerAllowHttpImageRequestEnabled" wide />
    </OptionFormCard>
  );
}

const paymentKeys = ['PayAddress', 'EpayId', 'EpayKey', 'Price', 'MinTopUp', 'CustomCallbackAddress', 'TopupGroupRatio', 'PayMethods'];
const trimPayment = withoutTrailingSlashes(['PayAddress', 'CustomCallbackAddress']);

/** Online payment (Epay); saving needs the server address first. */
export function PaymentCard() {
  const { t } = useTranslation();
  const options = useOptions().data;
  const serverAddress = options?.ServerAddress ?? '';
  const notifyUrl = epayNotifyUrl(options?.CustomCallbackAddress, serverAddress);
  return (
    <OptionFormCard
      id="payment"
      title={t('settings.cards.payment')}
      keys={paymentKeys}
      prepare={trimPayment}
      check={() => (serverAddress.trim() === '' ? t('settings.system.serverAddressFirst') : null)}
    >
      <Col span={24}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={notifyUrl ? t('settings.system.epayNotifyUrl', { url: notifyUrl }) : t('settings.system.serverAddressFirst')}
          data-testid="payment-notify-url"
        />
      </Col>
      <OptionField optionKey="PayAddress" placeholder="https://" />
      <OptionField optionKey="EpayId" />
      <OptionField optionKey="EpayKey" />
      <OptionField optionKey="Price" step={0.1} />
      <OptionField optionKey="MinTopUp" />
      <OptionField optionKey="CustomCallbackAddress" placeholder="https://" />
      <OptionField optionKey="TopupGroupRatio" />
      <OptionField optionKey="PayMethods" />
    </OptionFormCard>
  );
}

const smtpKeys = ['SMTPServer', 'SMTPPort', 'SMTPAccount', 'SMTPFrom', 'SMTPToken', 'SMTPSSLEnabled'];

/** Outgoing mail. */
export function SmtpCard() {
  const { t } = useTranslation();
  return (
    <OptionFormCard id="smtp" title={t('settings.cards.smtp')} keys={smtpKeys}>
      <OptionField optionKey="SMTPServer" placeholder="smtp.example.com" />
      <OptionField optionKey="SMTPPort" />
      <OptionField optionKey="SMTPAccount" />
      <OptionField optionKey="SMTPFrom" />
      <OptionField optionKey="SMTPToken" />
      <OptionField optionKey="SMTPSSLEnabled" />
    </OptionFormCard>
  );
}
