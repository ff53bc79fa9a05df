// The playground's chat area: the message list, the composer, send / stop and clear context.
import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Input, Space, Tooltip } from 'antd';
import { ClearOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from './chat-messages';
import { PlaygroundMessage } from './playground-message';

/** Props of the chat area. */
export interface PlaygroundChatProps {
  messages: ChatMessage[];
  replying: boolean;
  canSend: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  onClear: () => void;
}

/** Messages with auto-scroll, a textarea (Enter sends, Shift+Enter breaks the line), send/stop and clear. */
export function PlaygroundChat({ messages, replying, canSend, onSend, onStop, onClear }: PlaygroundChatProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages]);

  const send = (): void => {
    const value = text.trim();
    if (!value || replying || !canSend) return;
    onSend(value);
    setText('');
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <div ref={listRef} data-testid="playground-messages" style={{ flex: 1, overflowY: 'auto', padding: '4px 2px 12px', minHeight: 0 }}>
        {messages.length === 0 ? (
          <Empty style={{ marginTop: 48 }} description={t('playground.emptyHint')} data-testid="playground-empty" />
        ) : (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {messages.map((message) => (
              <PlaygroundMessage key={message.id} message={message} />
            ))}
          </Space>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end', paddingTop: 8 }}>
        <Tooltip title={t('playground.clear')}>
          <Button icon={<ClearOutlined />} onClick={onClear} disabled={replying || messages.length === 0} aria-label={t('playground.clear')} data-testid="playground-clear" />
        </Tooltip>
        <Input.TextArea
          name="message"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={(event) => {
            if (event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            send();
          }}
          placeholder={t('playground.inputPlaceholder')}
          autoSize={{ minRows: 1, maxRows: 6 }}
          style={{ flex: 1 }}
          data-testid="playground-input"
        />
        {replying ? (
          <Button danger icon={<StopOutlined />} onClick={onStop} data-testid="playground-stop">
            {t('playground.stop')}
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!canSend || text.trim() === ''} data-testid="playground-send">
            {t('playground.send')}
          </Button>
        )}
      </div>
    </div>
  );
}
