// A malicious or broken upstream, as custom answers for the mock upstream (`upstream.answer(...)`): OpenAI chat answers
// with absurd usage figures, streams that go silent or dribble keep-alive comments, huge answers, and errors sent with
// status 200. Each answer stops writing when the gateway hangs up.
import type { ServerResponse } from 'node:http';
import type { MockAnswer } from './mock-upstream';

const sseHeaders = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };

/** One OpenAI chat stream frame with `content`. */
function contentFrame(content: string): string {
  return `data: ${JSON.stringify({ id: 'chatcmpl-hostile', object: 'chat.completion.chunk', created: 0, model: 'hostile', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
}

/** Calls `tick` every `intervalMs` until the gateway closes the connection. */
function everyUntilClosed(response: ServerResponse, intervalMs: number, tick: () => void): void {
  const timer = setInterval(() => {
    if (response.destroyed || response.writableEnded) clearInterval(timer);
    else tick();
  }, intervalMs);
  response.once('close', () => clearInterval(timer));
}

/** A stream that sends one content frame, then nothing ever again (the connection stays open). */
export function silentStreamAnswer(): MockAnswer {
  return (_request, response) => {
    response.writeHead(200, sseHeaders);
    response.write(contentFrame('hello'));
  };
}

/** A stream that sends one content frame, then only an SSE keep-alive comment every `intervalMs`, forever. */
export function dribblingStreamAnswer(intervalMs: number): MockAnswer {
  return (_request, response) => {
    response.writeHead(200, sseHeaders);
    response.write(contentFrame('hello'));
    everyUntilClosed(response, intervalMs, () => response.write(': keep-alive\n\n'));
  };
}

/** A stream that sends a content frame every `intervalMs`, forever: only an overall deadline ends it. */
export function endlessStreamAnswer(intervalMs: number): MockAnswer {
  return (_request, response) => {
    response.writeHead(200, sseHeaders);
    response.write(contentFrame('w'));
    everyUntilClosed(response, intervalMs, () => response.write(contentFrame(' w')));
  };
}

/** A whole chat answer whose `usage` is the given object (raw JSON text, so non-finite figures such as 1e400 can be sent). */
export function usageAnswer(usageJson: string): MockAnswer {
  return (_request, response) => {
    const head = JSON.stringify({ id: 'chatcmpl-hostile', object: 'chat.completion', created: 0, model: 'hostile', choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }] });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`${head.slice(0, -1)},"usage":${usageJson}}`);
  };
}

/** A whole JSON answer of about `bytes` bytes (one huge content string), written in 1 MB pieces as the gateway reads them. */
export function hugeAnswer(bytes: number): MockAnswer {
  return (_request, response) => {
    const piece = Buffer.alloc(1024 * 1024, 'a');
    const head = '{"id":"chatcmpl-hostile","object":"chat.completion","created":0,"model":"hostile","choices":[{"index":0,"message":{"role":"assistant","content":"';
    const tail = '"},"finish_reason":"stop"}],"usage":{"prompt_tokens":1,"completion_tokens":1,"total_tokens":2}}';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write(head);
    let left = Math.ceil(bytes / piece.length);
    const more = (): void => {
      while (left > 0 && !response.destroyed) {
        left -= 1;
        if (!response.write(piece)) return void response.once('drain', more);
      }
      if (!response.destroyed) response.end(tail);
    };
    more();
  };
}

/** An error body (OpenAI's shape) sent with status 200, as some proxies do. */
export function errorWith200Answer(message = 'upstream overloaded'): MockAnswer {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { message, type: 'server_error', code: 'overloaded' } }));
  };
}
