// Incremental parser of the playground's server-sent events: text chunks in, reply events out (spec 001 §7 Chat).

/** What one SSE data line means for the reply. */
export type ChatStreamEvent = { type: 'delta'; content: string } | { type: 'done' } | { type: 'error'; message: string };

/** Reads one `data:` payload: `[DONE]` ends the reply, `choices[0].delta.content` appends, an `error` object fails it. */
export function readStreamPayload(payload: string): ChatStreamEvent | null {
  const text = payload.trim();
  if (text === '') return null;
  if (text === '[DONE]') return { type: 'done' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as { error?: unknown; choices?: Array<{ delta?: { content?: unknown } }> };
  if (record.error !== undefined && record.error !== null) return { type: 'error', message: text };
  const content = record.choices?.[0]?.delta?.content;
  return typeof content === 'string' && content !== '' ? { type: 'delta', content } : null;
}

/** A line-buffering SSE decoder: feed it decoded text as it arrives (frames may split anywhere), then flush at the end. */
export class ChatStreamParser {
  private buffer = '';

  /** Consumes a chunk and returns the events of every complete line in it. */
  push(chunk: string): ChatStreamEvent[] {
    this.buffer += chunk;
    const events: ChatStreamEvent[] = [];
    let newline = this.buffer.search(/\r?\n|\r/);
    while (newline !== -1) {
      const line = this.buffer.slice(0, newline);
      const breakLength = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + breakLength);
      const event = this.readLine(line);
      if (event) events.push(event);
      newline = this.buffer.search(/\r?\n|\r/);
    }
    return events;
  }

  /** Returns the event of a last line that had no line break. */
  flush(): ChatStreamEvent[] {
    const line = this.buffer;
    this.buffer = '';
    const event = this.readLine(line);
    return event ? [event] : [];
  }

  private readLine(line: string): ChatStreamEvent | null {
    if (!line.startsWith('data:')) return null;
    return readStreamPayload(line.slice(5));
  }
}
