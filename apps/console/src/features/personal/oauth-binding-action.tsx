// Bind / rebind actions of the third-party rows in personal settings: GitHub, OIDC and Linux DO through their
// authorize pages (the callback binds because a signed-in user asked for the state), Telegram through its widget.
import { useState } from 'react';
import { Button } from 'antd';
import { oauthLoginProviders } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useSiteStatus } from '../../lib/site-status';
import { startOAuth, useTelegramBind } from '../auth/oauth-api';
import { TelegramLoginButton } from '../auth/telegram-login-button';

/** The binding columns whose rows this component serves, with the provider each belongs to. */
const providerOfField: Record<string, (typeof oauthLoginProviders)[number]['id']> = { github_id: 'github', oidc_id: 'oidc', linux_do_id: 'linuxdo' };

/** True for the rows this component has an action for. */
export function hasOAuthBindingAction(field: string): boolean {
  return field in providerOfField || field === 'telegram_id';
}

/** The action of one row: bind (or rebind when `bound`), or "not enabled". */
export function OAuthBindingAction({ field, bound }: { field: string; bound: boolean }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const telegramBind = useTelegramBind();
  const [starting, setStarting] = useState(false);
  if (field === 'telegram_id') {
    const bot = status.telegram_oauth === true ? (status.telegram_bot_name ?? '') : '';
    if (!bot) {
      return (
        <Button size="small" disabled data-testid="bind-telegram_id">
          {t('personal.notEnabled')}
        </Button>
      );
    }
    return <TelegramLoginButton botName={bot} size="small" onAuth={(user) => telegramBind.mutate(user, { onSuccess: () => notify.success(t('oauth.bound')) })} />;
  }
  const provider = oauthLoginProviders.find((entry) => entry.id === providerOfField[field]);
  const enabled = provider?.enabled(status) === true;
  const start = (): void => {
    if (!provider) return;
    setStarting(true);
    startOAuth(provider, status).catch(() => setStarting(false));
  };
  return (
    <Button size="small" disabled={!enabled} loading={starting} onClick={start} data-testid={`bind-${field}`}>
      {!enabled ? t('personal.notEnabled') : bound ? t('personal.changeBinding') : t('personal.bind')}
    </Button>
  );
}
