// `/api/log/*`: usage log lists and statistics (admin: everyone's; users: their own) and the admin cleanup.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../app-services';
import { badRequest } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { readPaging, success } from '../http/envelope';
import { readLogFilter, type LogFilter } from './log-filters';
import { presentLog, type LogAudience } from './log-presenter';
import { deleteLogsBefore, listLogs, logStatistics } from './log-queries';

const cleanupMessage = 'log cleanup requires a date and time';
const cleanupSchema = z.object({ target_timestamp: z.coerce.number().int().positive() });

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Registers the log list, statistics and cleanup routes. */
export function registerLogRoutes(app: FastifyInstance, context: AppServices): void {
  const access = accessFor(context);
  const channelName = (id: number): string | undefined => context.relay.routing.channel(id)?.name;

  async function page(request: FastifyRequest, filter: LogFilter, audience: LogAudience) {
    const { page: pageNumber, pageSize, offset } = readPaging(request.query as Record<string, unknown>);
    const { rows, total } = await listLogs(context.db, filter, { limit: pageSize, offset });
    return success({ items: rows.map((row) => presentLog(row, audience, channelName)), total, page: pageNumber, page_size: pageSize });
  }

  const ownFilter = (request: FastifyRequest): LogFilter => readLogFilter(request.query, { admin: false, userId: currentUser(request).id });

  app.get('/api/log/', access('admin'), async (request) => page(request, readLogFilter(request.query, { admin: true }), 'admin'));

  app.get('/api/log/self', access('user'), async (request) => page(request, ownFilter(request), 'user'));

  app.get('/api/log/stat', access('admin'), async (request) => success(await logStatistics(context.db, readLogFilter(request.query, { admin: true }), nowSeconds())));

  app.get('/api/log/self/stat', access('user'), async (request) => success(await logStatistics(context.db, ownFilter(request), nowSeconds())));

  app.delete('/api/log/', access('admin'), async (request) => {
    const parsed = cleanupSchema.safeParse(request.query ?? {});
    if (!parsed.success) throw badRequest(cleanupMessage);
    const deleted = await deleteLogsBefore(context.db, parsed.data.target_timestamp);
    request.log.info({ targetTimestamp: parsed.data.target_timestamp, deleted, by: currentUser(request).id }, 'logs cleaned up');
    return success(deleted);
  });
}
