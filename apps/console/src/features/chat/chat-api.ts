// Resolves a configured chat link for the signed-in user: template at an index, first enabled token key, server address.
import { chatLinkAt, chatServerAddress, fillChatLink } from '../../lib/chat-links';
import { parseChats, useSiteStatus } from '../../lib/site-status';
import { StorageKeys } from '../../lib/storage';
import { useStoredValue } from '../../lib/stored-value';
import { useEnabledTokenKeys } from '../../lib/user-scope-api';

/** Where resolving the link stands. */
export type ChatLinkState =
  | { kind: 'loading' }
  | { kind: 'parseFailed' }
  | { kind: 'notConfigured' }
  | { kind: 'noToken' }
  | { kind: 'failed' }
  | { kind: 'ready'; link: string };

/** The chat link at `index` filled with `sk-` + the first enabled token's key and the server address (or this origin). */
export function useChatLink(index: number): ChatLinkState {
  const chats = useStoredValue(StorageKeys.chats, parseChats);
  const status = useSiteStatus();
  const keys = useEnabledTokenKeys();
  if (chats === null) return { kind: 'parseFailed' };
  const entry = chatLinkAt(chats, index);
  if (!entry) return { kind: 'notConfigured' };
  if (keys.isPending) return { kind: 'loading' };
  if (keys.isError) return { kind: 'failed' };
  const key = keys.data[0];
  if (!key) return { kind: 'noToken' };
  return { kind: 'ready', link: fillChatLink(entry.template, key, chatServerAddress(status.server_address, window.location.origin)) };
}
