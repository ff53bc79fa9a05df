import { describe, expect, it } from 'vitest';
import { addExchange, appendFragment, completeReply, failReply, isReplying, requestMessages, type ChatMessage } from './chat-messages';

const ids = { user: 'u1', assistant: 'a1' };

describe('chat reply states', () => {
  it('goes loading → incomplete → complete', () => {
    let messages: ChatMessage[] = addExchange([], 'Hello?', ids, 1000);
    expect(messages.map((message) => [message.role, message.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'loading'],
    ]);
    expect(isReplying(messages)).toBe(true);
    messages = appendFragment(messages, 'a1', 'Hi');
    messages = appendFragment(messages, 'a1', ' there');
    expect(messages[1]).toMatchObject({ content: 'Hi there', status: 'incomplete' });
    messages = completeReply(messages, 'a1');
    expect(messages[1].status).toBe('complete');
    expect(isReplying(messages)).toBe(false);
  });

  it('fails with the error text appended, and a later completion keeps the error', () => {
    let messages = appendFragment(addExchange([], 'q', ids, 1), 'a1', 'partial');
    messages = failReply(messages, 'a1', '{"error":"boom"}');
    expect(messages[1]).toMatchObject({ content: 'partial\n\n{"error":"boom"}', status: 'error' });
    expect(completeReply(messages, 'a1')[1].status).toBe('error');
    expect(failReply(addExchange([], 'q', ids, 1), 'a1', 'bad')[1].content).toBe('bad');
  });
});

describe('requestMessages', () => {
  it('puts the system prompt first and leaves out failed and pending turns', () => {
    let messages = completeReply(appendFragment(addExchange([], 'one', { user: 'u1', assistant: 'a1' }, 1), 'a1', 'answer'), 'a1');
    messages = failReply(addExchange(messages, 'two', { user: 'u2', assistant: 'a2' }, 2), 'a2', 'err');
    messages = addExchange(messages, 'three', { user: 'u3', assistant: 'a3' }, 3);
    expect(requestMessages('Be brief.', messages)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'one' },
      { role: 'assistant', content: 'answer' },
      { role: 'user', content: 'two' },
      { role: 'user', content: 'three' },
    ]);
    expect(requestMessages('  ', [])).toEqual([]);
  });
});
