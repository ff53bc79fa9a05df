// Third-party login and bot-check cards (GitHub, Linux DO, WeChat, Telegram, Turnstile), one entry each in a registry.
import { Col, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionField } from '../option-form/option-field';
import { OptionFormCard } from '../option-form/option-form-card';
import { useOptions } from '../settings-api';
import { oauthCallbackUrl, withoutTrailingSlashes } from './system-rules';

type ProviderCardTitle = 'github' | 'linuxdo' | 'wechat' | 'telegram' | 'turnstile';

interface ProviderCardSpec {
  id: ProviderCardTitle;
  /** The switch comes last in `keys` so that it is saved after the settings it needs. */
  keys: string[];
  /** Provider name in the OAuth callback path, when the provider uses one. */
  callback?: string;
  /** Address keys whose trailing slash is removed. */
  addresses?: string[];
}

/** The provider cards, in display order. */
export const providerCards: ProviderCardSpec[] = [
  { id: 'github', keys: ['GitHubClientId', 'GitHubClientSecret', 'GitHubOAuthEnabled'], callback: 'github' },
  { id: 'linuxdo', keys: ['LinuxDOClientId', 'LinuxDOClientSecret', 'LinuxDOMinimumTrustLevel', 'LinuxDOOAuthEnabled'], callback: 'linuxdo' },
  { id: 'wechat', keys: ['WeChatServerAddress', 'WeChatServerToken', 'WeChatAccountQRCodeImageURL', 'WeChatAuthEnabled'], addresses: ['WeChatServerAddress'] },
  { id: 'telegram', keys: ['TelegramBotToken', 'TelegramBotName', 'TelegramOAuthEnabled'] },
  { id: 'turnstile', keys: ['TurnstileSiteKey', 'TurnstileSecretKey', 'TurnstileCheckEnabled'] },
];

const preparers = new Map(providerCards.map((spec) => [spec.id, withoutTrailingSlashes(spec.addresses ?? [])]));

/** One provider card: its switch first on screen, then its settings, and the callback URL when it has one. */
export function ProviderCard({ spec }: { spec: ProviderCardSpec }) {
  const { t } = useTranslation();
  const callback = spec.callback ? oauthCallbackUrl(useOptions().data?.ServerAddress, spec.callback) : null;
  const switchKey = spec.keys[spec.keys.length - 1];
  return (
    <OptionFormCard id={spec.id} title={t(`settings.cards.${spec.id}`)} keys={spec.keys} prepare={preparers.get(spec.id)}>
      {spec.callback ? (
        <Col span={24}>
          <Typography.Paragraph type="secondary" data-testid={`${spec.id}-callback`}>
            {callback ? t('settings.system.callback', { url: callback }) : t('settings.system.callbackNeedsServer')}
          </Typography.Paragraph>
        </Col>
      ) : null}
      <OptionField optionKey={switchKey} wide />
      {spec.keys.slice(0, -1).map((key) => (
        <OptionField key={key} optionKey={key} />
      ))}
    </OptionFormCard>
  );
}
