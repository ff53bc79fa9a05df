// OIDC login: client, well-known URL (http/https) with a discovery fetch that fills the three endpoints.
import { useState } from 'react';
import { Button, Col, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchExternalJson } from '../../../lib/fetch-external-json';
import { notify } from '../../../lib/notify';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import { useOptions } from '../settings-api';
import { isHttpUrl, oauthCallbackUrl, readOidcEndpoints } from './system-rules';

const oidcKeys = [
  'oidc.client_id',
  'oidc.client_secret',
  'oidc.well_known',
  'oidc.authorization_endpoint',
  'oidc.token_endpoint',
  'oidc.user_info_endpoint',
  'oidc.enabled',
];

/** Fetches the discovery document named in the well-known field and fills the endpoints. */
function DiscoveryButton() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [loading, setLoading] = useState(false);
  const discover = async (): Promise<void> => {
    const url = String(form.getFieldValue('oidc.well_known') ?? '').trim();
    if (!isHttpUrl(url)) {
      notify.error(t('settings.form.mustStartWithHttp'));
      return;
    }
    setLoading(true);
    try {
      const endpoints = readOidcEndpoints(await fetchExternalJson(url));
      if (!endpoints) throw new Error('no endpoints');
      form.setFieldsValue({
        'oidc.authorization_endpoint': endpoints.authorization,
        'oidc.token_endpoint': endpoints.token,
        'oidc.user_info_endpoint': endpoints.userInfo,
      });
      notify.success(t('settings.system.oidcFetched'));
    } catch {
      notify.error(t('settings.system.oidcFetchFailed'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button onClick={() => void discover()} loading={loading} data-testid="oidc-discover">
      {t('settings.system.fetchOidc')}
    </Button>
  );
}

/** The OIDC card. */
export function OidcCard() {
  const { t } = useTranslation();
  const callback = oauthCallbackUrl(useOptions().data?.ServerAddress, 'oidc');
  const wellKnownRule = {
    validator: async (_rule: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text !== '' && !isHttpUrl(text)) throw new Error(t('settings.form.mustStartWithHttp'));
    },
  };
  return (
    <OptionFormCard id="oidc" title={t('settings.cards.oidc')} keys={oidcKeys}>
      <Col span={24}>
        <Typography.Paragraph type="secondary" data-testid="oidc-callback">
          {callback ? t('settings.system.callback', { url: callback }) : t('settings.system.callbackNeedsServer')}
        </Typography.Paragraph>
      </Col>
      <OptionField optionKey="oidc.enabled" wide />
      <OptionField optionKey="oidc.client_id" />
      <OptionField optionKey="oidc.client_secret" />
      <OptionField optionKey="oidc.well_known" wide placeholder="https://example.com/.well-known/openid-configuration" rules={[wellKnownRule]} />
      <Col span={24} style={{ marginTop: -8, marginBottom: 16 }}>
        <DiscoveryButton />
      </Col>
      <OptionField optionKey="oidc.authorization_endpoint" />
      <OptionField optionKey="oidc.token_endpoint" />
      <OptionField optionKey="oidc.user_info_endpoint" />
    </OptionFormCard>
  );
}
