// The playground conversation as pure state transitions: loading → incomplete → complete, or error (spec 001 §4 Chat reply).

/** Where a message is in its life. */
export type ChatMessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

/** One chat message (spec 001 §3 Chat message). */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant' | 'system';
  content: string;
  createAt: number;
  status: ChatMessageStatus;
}

/** A send: the user message plus an assistant placeholder in loading. */
export function addExchange(messages: ChatMessage[], text: string, ids: { user: string; assistant: string }, now: number): ChatMessage[] {
  return [
    ...messages,
    { id: ids.user, role: 'user', content: text, createAt: now, status: 'complete' },
    { id: ids.assistant, role: 'assistant', content: '', createAt: now, status: 'loading' },
  ];
}

function update(messages: ChatMessage[], id: string, change: (message: ChatMessage) => ChatMessage): ChatMessage[] {
  return messages.map((message) => (message.id === id ? change(message) : message));
}

/** A streamed fragment: appends content and marks the reply incomplete. */
export function appendFragment(messages: ChatMessage[], id: string, fragment: string): ChatMessage[] {
  return update(messages, id, (message) => ({ ...message, content: message.content + fragment, status: 'incomplete' }));
}

/** The end marker (or a stream that closed, or a stop): the reply is complete unless it already failed. */
export function completeReply(messages: ChatMessage[], id: string): ChatMessage[] {
  return update(messages, id, (message) => (message.status === 'error' ? message : { ...message, status: 'complete' }));
}

/** An error: the reply fails and the error text is appended to what arrived. */
export function failReply(messages: ChatMessage[], id: string, errorText: string): ChatMessage[] {
  return update(messages, id, (message) => ({
    ...message,
    content: message.content ? `${message.content}\n\n${errorText}` : errorText,
    status: 'error',
  }));
}

/** True while a reply is still arriving. */
export function isReplying(messages: ChatMessage[]): boolean {
  return messages.some((message) => message.status === 'loading' || message.status === 'incomplete');
}

/** The request's messages: the system prompt (when set), then every finished user and assistant turn (failed ones left out). */
export function requestMessages(systemPrompt: string, messages: ChatMessage[]): Array<{ role: ChatMessage['role']; content: string }> {
  const system = systemPrompt.trim() !== '' ? [{ role: 'system' as const, content: systemPrompt }] : [];
  const turns = messages
    .filter((message) => message.status !== 'error' && message.status !== 'loading' && message.content !== '')
    .map((message) => ({ role: message.role, content: message.content }));
  return [...system, ...turns];
}
