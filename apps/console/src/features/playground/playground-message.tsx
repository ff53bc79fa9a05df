// One chat bubble: the user's text, or the assistant's reply in its state (loading, incomplete, complete, error).
import { useMemo } from 'react';
import { Avatar, Spin, theme, Typography } from 'antd';
import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { renderSafeHtml } from '../../lib/rich-content';
import type { ChatMessage } from './chat-messages';
import './playground.css';

/** Renders one message. */
export function PlaygroundMessage({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const fromUser = message.role === 'user';
  const html = useMemo(
    () => (!fromUser && message.status !== 'error' && message.content ? renderSafeHtml(message.content) : ''),
    [fromUser, message.status, message.content],
  );
  const bubbleStyle: React.CSSProperties = {
    maxWidth: 'min(760px, calc(100% - 48px))',
    padding: '8px 12px',
    borderRadius: 12,
    background: fromUser ? token.colorPrimary : message.status === 'error' ? token.colorErrorBg : token.colorFillTertiary,
    color: fromUser ? token.colorTextLightSolid : message.status === 'error' ? token.colorErrorText : token.colorText,
    border: message.status === 'error' ? `1px solid ${token.colorErrorBorder}` : 'none',
    overflowWrap: 'anywhere',
    minWidth: 0,
  };
  let body: React.ReactNode;
  if (message.status === 'loading') {
    body = (
      <span>
        <Spin size="small" /> <Typography.Text type="secondary">{t('playground.thinking')}</Typography.Text>
      </span>
    );
  } else if (fromUser || message.status === 'error') {
    body = (
      <div style={{ whiteSpace: 'pre-wrap' }}>
        {message.status === 'error' ? <strong>{t('playground.replyError')}: </strong> : null}
        {message.content}
      </div>
    );
  } else {
    body = <div className="playground-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
  }
  return (
    <div
      data-testid="playground-message"
      data-role={message.role}
      data-status={message.status}
      style={{ display: 'flex', gap: 8, flexDirection: fromUser ? 'row-reverse' : 'row', alignItems: 'flex-start' }}
    >
      <Avatar
        size={32}
        icon={fromUser ? <UserOutlined /> : <RobotOutlined />}
        style={{ flex: 'none', background: fromUser ? token.colorPrimaryBg : token.colorFillSecondary, color: token.colorText }}
        aria-label={fromUser ? t('playground.you') : t('playground.assistant')}
      />
      <div style={bubbleStyle}>{body}</div>
    </div>
  );
}
