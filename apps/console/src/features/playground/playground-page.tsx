// The playground (/playground): settings panel, streamed chat with reply states, stop, clear; needs an enabled token.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Row } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useIsMobile } from '../../lib/use-is-mobile';
import { useEnabledTokenKeys, useUsableGroups, useUsableModels } from '../../lib/user-scope-api';
import { addExchange, appendFragment, completeReply, failReply, isReplying, requestMessages, type ChatMessage } from './chat-messages';
import { streamPlaygroundChat, type PlaygroundChatBody } from './playground-api';
import { PlaygroundChat } from './playground-chat';
import { defaultPlaygroundSettings, PlaygroundSettingsPanel, type PlaygroundSettings } from './playground-settings-panel';

/** Delay before a user without an enabled token is sent to /token. */
const NoTokenRedirectMs = 1500;

let messageSequence = 0;
function nextMessageId(): string {
  messageSequence += 1;
  return `${Date.now().toString(36)}-${messageSequence}`;
}

/** The /playground page. */
export default function PlaygroundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [searchParams] = useSearchParams();
  const [settings, setSettings] = useState<PlaygroundSettings>(defaultPlaygroundSettings);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [panelOpen, setPanelOpen] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const tokens = useEnabledTokenKeys();
  const groups = useUsableGroups();
  const models = useUsableModels();
  const replying = isReplying(messages);
  const expired = searchParams.get('expired') === 'true';

  useEffect(() => {
    if (expired) notify.error(t('http.sessionExpired'));
  }, [expired, t]);

  const noToken = tokens.isSuccess && tokens.data.length === 0;
  useEffect(() => {
    if (!noToken) return undefined;
    notify.warning(t('playground.noEnabledToken'));
    const timer = window.setTimeout(() => void navigate('/token'), NoTokenRedirectMs);
    return () => window.clearTimeout(timer);
  }, [noToken, navigate, t]);

  useEffect(() => {
    const first = groups.data?.[0]?.value;
    if (first !== undefined) setSettings((current) => (groups.data?.some((group) => group.value === current.group) ? current : { ...current, group: first }));
  }, [groups.data]);

  useEffect(() => {
    const list = models.data ?? [];
    if (list.length > 0) setSettings((current) => (list.includes(current.model) ? current : { ...current, model: list[0] }));
  }, [models.data]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const send = useCallback(
    (text: string) => {
      const ids = { user: nextMessageId(), assistant: nextMessageId() };
      const next = addExchange(messages, text, ids, Date.now());
      setMessages(next);
      const body: PlaygroundChatBody = {
        messages: requestMessages(settings.systemPrompt, next),
        stream: true,
        model: settings.model,
        group: settings.group,
        temperature: settings.temperature,
      };
      if (settings.maxTokens > 0) body.max_tokens = settings.maxTokens;
      const controller = new AbortController();
      abortRef.current = controller;
      void streamPlaygroundChat(body, controller.signal, {
        onFragment: (content) => setMessages((current) => appendFragment(current, ids.assistant, content)),
        onComplete: () => setMessages((current) => completeReply(current, ids.assistant)),
        onError: (errorText) => setMessages((current) => failReply(current, ids.assistant, errorText)),
      });
    },
    [messages, settings],
  );

  const stop = (): void => {
    abortRef.current?.abort();
    abortRef.current = null;
  };

  const clear = (): void => {
    stop();
    setMessages([]);
    notify.success(t('playground.cleared'));
  };

  const panel = (
    <PlaygroundSettingsPanel
      settings={settings}
      onChange={(patch) => setSettings((current) => ({ ...current, ...patch }))}
      groups={groups.data ?? []}
      groupsLoading={groups.isLoading}
      models={models.data ?? []}
      modelsLoading={models.isLoading}
    />
  );
  const chatHeight = isMobile ? 'calc(100vh - 150px)' : 'calc(100vh - 160px)';
  const chat = (
    <Card
      title={t('playground.title')}
      data-testid="playground-chat"
      style={{ height: chatHeight, minHeight: 420, display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', padding: isMobile ? 12 : 16 } }}
      extra={
        isMobile ? (
          <Button size="small" icon={<SettingOutlined />} onClick={() => setPanelOpen((open) => !open)} aria-expanded={panelOpen} data-testid="playground-settings-toggle">
            {panelOpen ? t('playground.hideSettings') : t('playground.showSettings')}
          </Button>
        ) : null
      }
    >
      <div style={{ flex: 1, minHeight: 0 }}>
        <PlaygroundChat messages={messages} replying={replying} canSend={!noToken && settings.model !== ''} onSend={send} onStop={stop} onClear={clear} />
      </div>
    </Card>
  );

  if (isMobile) {
    return (
      <div data-testid="playground-page">
        {panelOpen ? (
          <Card size="small" title={t('playground.settings')} style={{ marginBottom: 12 }}>
            {panel}
          </Card>
        ) : null}
        {chat}
      </div>
    );
  }
  return (
    <Row gutter={16} wrap={false} data-testid="playground-page">
      <Col flex="300px">
        <Card title={t('playground.settings')} style={{ height: chatHeight, minHeight: 420, overflowY: 'auto' }}>
          {panel}
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {chat}
      </Col>
    </Row>
  );
}
