// The /chat2link page: resolves the configured chat link (index from ?id=, default 0) and replaces the location with it.
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseChatIndex } from '../../lib/chat-links';
import { useChatLink } from './chat-api';
import { ChatLinkStatus } from './chat-link-status';

/** Redirects to the external chat application with the key and server address filled in. */
export default function ChatRedirectPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const state = useChatLink(parseChatIndex(searchParams.get('id')));
  const link = state.kind === 'ready' ? state.link : '';

  useEffect(() => {
    if (link) window.location.replace(link);
  }, [link]);

  return (
    <div data-testid="chat-redirect-page">
      <ChatLinkStatus state={state.kind === 'ready' ? { kind: 'loading' } : state} waitingText={t('chat.redirecting')} />
    </div>
  );
}
