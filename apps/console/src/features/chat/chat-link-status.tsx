// What the chat pages show while the link is not ready: a spinner, or the reason (parse failure, no link, no token).
import { Button, Result, Spin } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatLinkState } from './chat-api';

/** Renders a non-ready link state; `waitingText` is shown under the spinner. */
export function ChatLinkStatus({ state, waitingText }: { state: Exclude<ChatLinkState, { kind: 'ready' }>; waitingText: string }) {
  const { t } = useTranslation();
  if (state.kind === 'loading') {
    return (
      <div data-testid="chat-loading" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16, padding: '96px 16px' }}>
        <Spin size="large" />
        <span>{waitingText}</span>
      </div>
    );
  }
  if (state.kind === 'noToken') {
    return (
      <Result
        status="warning"
        title={t('chat.noEnabledToken')}
        data-testid="chat-no-token"
        extra={
          <Link to="/token">
            <Button type="primary">{t('chat.goToTokens')}</Button>
          </Link>
        }
      />
    );
  }
  const title = state.kind === 'parseFailed' ? t('chat.parseFailed') : state.kind === 'notConfigured' ? t('chat.notConfigured') : t('common.loadFailed');
  return <Result status={state.kind === 'parseFailed' ? 'error' : 'warning'} title={title} data-testid={`chat-${state.kind}`} />;
}
