// The console route a provider redirects back to (/oauth/github, /oauth/oidc, /oauth/linuxdo): it hands the code and
// state to the server; a bind goes back to personal settings, a login lands on /token, a failure on the login page.
import { useEffect, useRef, useState } from 'react';
import { Result, Spin } from 'antd';
import { oauthLoginProviders } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { notify } from '../../lib/notify';
import { getStoredUser } from '../../lib/session';
import { useOAuthCallback } from './oauth-api';

/** Callback parameters forwarded to the server (`iss` is the RFC 9207 issuer an OIDC provider may add). */
const forwardedParams = ['code', 'state', 'iss', 'error', 'error_description'];

/** The /oauth/:provider page. */
export default function OAuthCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { provider: providerId = '' } = useParams();
  const [params] = useSearchParams();
  const callback = useOAuthCallback();
  const [failed, setFailed] = useState(false);
  const sent = useRef(false);
  const provider = oauthLoginProviders.find((entry) => entry.id === providerId);

  useEffect(() => {
    // A state is good for one use: send it once even when effects run twice.
    if (!provider || sent.current) return;
    sent.current = true;
    const query: Record<string, string> = {};
    for (const key of forwardedParams) {
      const value = params.get(key);
      if (value !== null) query[key] = value;
    }
    callback.mutate(
      { provider: provider.id, params: query },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'bind') {
            notify.success(t('oauth.bound'));
            void navigate('/personal', { replace: true });
          } else {
            notify.success(t('oauth.loginSuccess'));
            void navigate('/token', { replace: true });
          }
        },
        onError: () => {
          setFailed(true);
          void navigate(getStoredUser() ? '/personal' : '/login', { replace: true });
        },
      },
    );
  }, [provider, params, callback, navigate, t]);

  if (!provider) return <Navigate to="/login" replace />;
  return (
    <Result
      data-testid="oauth-callback"
      icon={<Spin size="large" />}
      title={failed ? t('oauth.failedRedirecting') : t('oauth.processing', { name: provider.name })}
    />
  );
}
