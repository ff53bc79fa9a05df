// Encodes Server-Sent Events frames as text ready to write to a socket.
// @see https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation

/** An event to encode; `data` may contain newlines (each line becomes its own `data:` line). */
export interface SseFrame {
  event?: string;
  data: string;
  id?: string;
  retry?: number;
}

/** The content type of an SSE stream. */
export const sseContentType = 'text/event-stream; charset=utf-8';

/** The response headers of an SSE answer; `x-accel-buffering` stops nginx from buffering the stream. */
export const sseResponseHeaders: Readonly<Record<string, string>> = {
  'content-type': sseContentType,
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** The OpenAI end-of-stream sentinel frame. */
export const sseDoneFrame = 'data: [DONE]\n\n';

/** Encodes one event, ended by the blank line that dispatches it. */
export function encodeSseFrame(frame: SseFrame): string {
  let text = '';
  if (frame.event !== undefined) text += `event: ${frame.event}\n`;
  if (frame.id !== undefined) text += `id: ${frame.id}\n`;
  if (frame.retry !== undefined) text += `retry: ${frame.retry}\n`;
  return `${text}${encodeDataLines(frame.data)}\n`;
}

/** Encodes a data-only event (the OpenAI style); `event` adds an `event:` line (the Anthropic style). */
export function encodeSseData(data: string, event?: string): string {
  const prefix = event === undefined ? '' : `event: ${event}\n`;
  return `${prefix}${encodeDataLines(data)}\n`;
}

/** Encodes a value as a JSON data event; JSON.stringify never emits raw newlines, so it is one line. */
export function encodeSseJson(value: unknown, event?: string): string {
  const prefix = event === undefined ? '' : `event: ${event}\n`;
  return `${prefix}data: ${JSON.stringify(value)}\n\n`;
}

/** Encodes a comment frame, used as a keep-alive ping that clients ignore. */
export function encodeSseComment(text: string): string {
  return `${text.split(/\r\n|\r|\n/).map((line) => `: ${line}`).join('\n')}\n\n`;
}

function encodeDataLines(data: string): string {
  if (!/[\r\n]/.test(data)) return `data: ${data}\n`;
  return data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
}
