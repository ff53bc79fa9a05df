// The playground's chat call: POST /pg/chat/completions streamed with fetch and a ReadableStream reader (spec 001 §7 Chat).
import { getStoredUser } from '../../lib/session';
import { ChatStreamParser, type ChatStreamEvent } from './chat-stream-parser';

/** Body of POST /pg/chat/completions; max_tokens is left out when 0. */
export interface PlaygroundChatBody {
  messages: Array<{ role: string; content: string }>;
  stream: true;
  model: string;
  group: string;
  max_tokens?: number;
  temperature: number;
}

/** Callbacks of one streamed reply. */
export interface PlaygroundStreamHandlers {
  onFragment: (content: string) => void;
  /** The end marker arrived, the stream closed, or the caller aborted. */
  onComplete: () => void;
  /** A failed status (its body text), an error event, or a network failure. */
  onError: (text: string) => void;
}

function handle(event: ChatStreamEvent, handlers: PlaygroundStreamHandlers): boolean {
  if (event.type === 'delta') handlers.onFragment(event.content);
  else if (event.type === 'done') handlers.onComplete();
  else handlers.onError(event.message);
  return event.type !== 'delta';
}

/** Sends the chat with the session cookie and New-Api-User, then feeds the parsed events to the handlers until the reply ends. */
export async function streamPlaygroundChat(body: PlaygroundChatBody, signal: AbortSignal, handlers: PlaygroundStreamHandlers): Promise<void> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  const user = getStoredUser();
  if (user) headers.set('New-Api-User', String(user.id));
  let response: Response;
  try {
    response = await fetch('/pg/chat/completions', { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin', signal });
  } catch (error) {
    if (signal.aborted) handlers.onComplete();
    else handlers.onError(error instanceof Error ? error.message : String(error));
    return;
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    handlers.onError(text || `${response.status} ${response.statusText}`);
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = new ChatStreamParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const events = done ? [...parser.push(decoder.decode()), ...parser.flush()] : parser.push(decoder.decode(value, { stream: true }));
      for (const event of events) {
        if (handle(event, handlers)) {
          await reader.cancel().catch(() => undefined);
          return;
        }
      }
      if (done) break;
    }
    handlers.onComplete();
  } catch (error) {
    if (signal.aborted) handlers.onComplete();
    else handlers.onError(error instanceof Error ? error.message : String(error));
  }
}
