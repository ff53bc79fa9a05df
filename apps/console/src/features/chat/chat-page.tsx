// The chat page (/chat/{id?}): a full-size frame of the configured chat link at index id (default 0); login happens inside.
import { Navigate, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { parseChatIndex } from '../../lib/chat-links';
import { useSessionUser } from '../../lib/session';
import { useChatLink } from './chat-api';
import { ChatLinkStatus } from './chat-link-status';

function ChatFrame({ index }: { index: number }) {
  const { t } = useTranslation();
  const state = useChatLink(index);
  if (state.kind !== 'ready') return <ChatLinkStatus state={state} waitingText={t('chat.loading')} />;
  return (
    <iframe
      key={state.link}
      src={state.link}
      title={t('chat.frameTitle')}
      allow="camera;microphone;clipboard-write"
      data-testid="chat-frame"
      style={{ display: 'block', width: '100%', height: 'calc(100vh - 64px)', border: 'none' }}
    />
  );
}

/** The /chat and /chat/{id} page; a visitor is sent to /login first. */
export default function ChatPage() {
  const user = useSessionUser();
  const location = useLocation();
  const { id } = useParams();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return (
    <div data-testid="chat-page">
      <ChatFrame index={parseChatIndex(id)} />
    </div>
  );
}
