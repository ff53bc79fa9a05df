import { describe, expect, it } from 'vitest';
import { chatLinkAt, chatLinkEntries, chatServerAddress, fillChatLink, parseChatIndex } from './chat-links';

describe('chat links', () => {
  const chats: Array<Record<string, string>> = [{ 'ChatGPT Next': 'https://next.example/#/?settings={"key":"{key}","url":"{address}"}' }, { Empty: '' }];

  it('lists names and templates in order', () => {
    expect(chatLinkEntries(chats).map((entry) => entry.name)).toEqual(['ChatGPT Next', 'Empty']);
  });

  it('finds a link by index and ignores empty templates', () => {
    expect(chatLinkAt(chats, 0)?.name).toBe('ChatGPT Next');
    expect(chatLinkAt(chats, 1)).toBeNull();
    expect(chatLinkAt(chats, 5)).toBeNull();
  });

  it('fills the key with the sk- prefix and the encoded address', () => {
    expect(fillChatLink('https://c.example/?k={key}&u={address}&again={key}', 'abc', 'https://gw.example:8080')).toBe(
      'https://c.example/?k=sk-abc&u=https%3A%2F%2Fgw.example%3A8080&again=sk-abc',
    );
  });

  it('falls back to the page origin when no server address is configured', () => {
    expect(chatServerAddress('', 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(chatServerAddress(' https://api.example ', 'http://localhost:3000')).toBe('https://api.example');
  });

  it('reads the index from the route', () => {
    expect(parseChatIndex(undefined)).toBe(0);
    expect(parseChatIndex('2')).toBe(2);
    expect(parseChatIndex('x')).toBe(0);
    expect(parseChatIndex('-1')).toBe(0);
  });
});
