// The third-party sign-in buttons under the login and register forms: one per enabled provider (GET /api/status).
import { useState, type ReactNode } from 'react';
import { Button, Divider, Flex } from 'antd';
import { GithubOutlined, LoginOutlined, WechatOutlined } from '@ant-design/icons';
import { oauthLoginProviders, type OAuthLoginProvider } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../lib/notify';
import { useSiteStatus } from '../../lib/site-status';
import { startOAuth, useTelegramLogin } from './oauth-api';
import { TelegramLoginButton } from './telegram-login-button';
import { WechatLoginModal } from './wechat-login-modal';

const providerIcons: Partial<Record<OAuthLoginProvider['id'], ReactNode>> = { github: <GithubOutlined /> };

/** The buttons, or nothing when no third-party sign-in is enabled. */
export function ThirdPartyLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useSiteStatus();
  const telegram = useTelegramLogin();
  const [starting, setStarting] = useState<string | null>(null);
  const [wechatOpen, setWechatOpen] = useState(false);
  const providers = oauthLoginProviders.filter((provider) => provider.enabled(status));
  const wechat = status.wechat_login === true;
  const telegramBot = status.telegram_oauth === true ? (status.telegram_bot_name ?? '') : '';
  if (providers.length === 0 && !wechat && !telegramBot) return null;

  const start = (provider: OAuthLoginProvider): void => {
    setStarting(provider.id);
    startOAuth(provider, status).catch(() => setStarting(null));
  };

  return (
    <div data-testid="third-party-login">
      <Divider plain>{t('oauth.orContinueWith')}</Divider>
      <Flex vertical gap={8}>
        {providers.map((provider) => (
          <Button key={provider.id} block icon={providerIcons[provider.id] ?? <LoginOutlined />} loading={starting === provider.id} onClick={() => start(provider)} data-testid={`oauth-${provider.id}`}>
            {t('oauth.continueWith', { name: provider.name })}
          </Button>
        ))}
        {wechat ? (
          <Button block icon={<WechatOutlined />} onClick={() => setWechatOpen(true)} data-testid="oauth-wechat">
            {t('oauth.continueWithWechat')}
          </Button>
        ) : null}
        {telegramBot ? (
          <TelegramLoginButton
            botName={telegramBot}
            onAuth={(user) =>
              telegram.mutate(user, {
                onSuccess: () => {
                  notify.success(t('oauth.loginSuccess'));
                  void navigate('/token');
                },
              })
            }
          />
        ) : null}
      </Flex>
      {wechat ? <WechatLoginModal open={wechatOpen} onClose={() => setWechatOpen(false)} /> : null}
    </div>
  );
}
