// The chat button of a token row: opens the first configured chat link with this token's key; the arrow lists all links.
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { chatLinkEntries, chatServerAddress, fillChatLink } from '../../lib/chat-links';
import { notify } from '../../lib/notify';
import { parseChats, useSiteStatus } from '../../lib/site-status';
import { StorageKeys } from '../../lib/storage';
import { useStoredValue } from '../../lib/stored-value';

/** Props of the chat button. */
export interface TokenChatButtonProps {
  tokenId: number;
  tokenKey: string;
  disabled?: boolean;
}

/** Split button: main part opens chat link 0, the menu every chat link, each with `{key}` and `{address}` filled. */
export function TokenChatButton({ tokenId, tokenKey, disabled }: TokenChatButtonProps) {
  const { t } = useTranslation();
  const chats = useStoredValue(StorageKeys.chats, parseChats);
  const status = useSiteStatus();
  const entries = chats === null ? [] : chatLinkEntries(chats).filter((entry) => entry.template !== '');

  const open = (index: number): void => {
    if (chats === null) {
      notify.error(t('tokens.chatConfigError'));
      return;
    }
    const entry = entries[index];
    if (!entry) {
      notify.error(t('tokens.chatNotConfigured'));
      return;
    }
    const address = chatServerAddress(status.server_address, window.location.origin);
    window.open(fillChatLink(entry.template, tokenKey, address), '_blank', 'noopener,noreferrer');
  };

  return (
    <Space.Compact size="small">
      <Button size="small" disabled={disabled} onClick={() => open(0)} data-testid={`token-chat-${tokenId}`}>
        {t('tokens.chat')}
      </Button>
      <Dropdown
        disabled={disabled || entries.length === 0}
        trigger={['click']}
        menu={{
          items: entries.map((entry, index) => ({ key: String(index), label: <span data-testid={`token-chat-link-${tokenId}-${index}`}>{entry.name}</span> })),
          onClick: ({ key }) => open(Number(key)),
        }}
      >
        <Button size="small" icon={<DownOutlined />} aria-label={t('tokens.chatMore')} data-testid={`token-chat-menu-${tokenId}`} />
      </Dropdown>
    </Space.Compact>
  );
}
