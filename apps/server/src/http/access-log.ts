// The access log: one line per HTTP request when its connection is done with it, finished or cut by the client.
// Failures and cut calls are always written; successful ones are sampled (ACCESS_LOG_SAMPLE_RATE), since one line per
// call at a thousand calls a second is tens of megabytes a minute. The query string is never written: Gemini callers
// put their key there.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { requestIdOf } from './request-id';

/** How a request ended, as the access log says it. */
export type AccessOutcome = 'completed' | 'client_closed';

/** Where access-log lines go (Fastify's pino logger in the server). */
export interface AccessLogSink {
  info(fields: object, message: string): void;
}

/** Starts the access-log watch of one request; the line is written when the response closes. */
export type AccessLogWatch = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Builds the watch, or null when nothing would be written (a log level above info). `sampleRate` (0…1) is the share
 * of successful calls written; `random` is injectable for tests.
 */
export function createAccessLog(log: AccessLogSink, level: string, sampleRate: number, random: () => number = Math.random): AccessLogWatch | null {
  if (!['info', 'debug', 'trace'].includes(level)) return null;
  return (req, res) => {
    const startedAt = performance.now();
    res.once('close', () => {
      const outcome: AccessOutcome = res.writableFinished ? 'completed' : 'client_closed';
      const status = res.statusCode;
      if (outcome === 'completed' && status < 400 && sampleRate < 1 && random() >= sampleRate) return;
      const url = req.url ?? '';
      const mark = url.indexOf('?');
      log.info(
        { reqId: requestIdOf(req), req: { method: req.method, url: mark < 0 ? url : url.slice(0, mark) }, res: { statusCode: status }, outcome, responseTime: Math.round((performance.now() - startedAt) * 100) / 100 },
        outcome === 'completed' ? 'request completed' : 'request closed by the client',
      );
    });
  };
}

/**
 * Fastify's request-lifecycle logging without its per-request lines (the access log writes those, once, without
 * the query string); errors of a request are still logged.
 */
export class AccessLoggedController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }

  override routeNotFound(): void {}
}
