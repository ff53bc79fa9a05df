// Chat links from the stored `chats` option: list of {name: template}, `{key}` and `{address}` filled per spec 001 §2.
import type { ChatLink } from './site-status';

/** One configured chat link: its display name and link template. */
export interface ChatLinkEntry {
  name: string;
  template: string;
}

/** The name and template of every configured chat link, in order; entries without a template are kept with an empty one. */
export function chatLinkEntries(chats: ChatLink[]): ChatLinkEntry[] {
  return chats.map((chat) => {
    const name = Object.keys(chat)[0] ?? '';
    const template = name ? chat[name] : '';
    return { name, template: typeof template === 'string' ? template : '' };
  });
}

/** The chat link at `index`, or null when there is none (or its template is empty). */
export function chatLinkAt(chats: ChatLink[], index: number): ChatLinkEntry | null {
  const entry = chatLinkEntries(chats)[index];
  return entry && entry.template ? entry : null;
}

/** The address chat links point at: the configured server address, else the page's origin. */
export function chatServerAddress(serverAddress: string | undefined, origin: string): string {
  const address = (serverAddress ?? '').trim();
  return address !== '' ? address : origin;
}

/** Fills a template: every `{key}` becomes `sk-` + key, every `{address}` the URL-encoded server address. */
export function fillChatLink(template: string, key: string, address: string): string {
  return template.replaceAll('{address}', encodeURIComponent(address)).replaceAll('{key}', `sk-${key}`);
}

/** Reads a chat index from a route parameter: a non-negative integer, else 0. */
export function parseChatIndex(value: string | null | undefined): number {
  if (value === null || value === undefined || !/^\d+$/.test(value)) return 0;
  return Number.parseInt(value, 10);
}
