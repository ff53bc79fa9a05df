// `/api/mj/` and `/api/task/`: the drawing log (times in milliseconds) and the task log (times in seconds), everyone's
// for admins (with the channel filter) and the caller's own on the self routes (never another user's, no channel).
import { drawingLogQuerySchema, taskLogQuerySchema, type DrawingLogItem, type TaskLogItem } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { AppServices } from '../app-services';
import type { Database, TaskRow } from '../db/schema';
import { accessFor, currentUser } from '../http/auth-guard';
import { readPaging, success } from '../http/envelope';
import { validated, zodRoutes } from '../http/zod-routes';
import { gatewayAddress } from './midjourney-relay-routes';
import { drawingLogItem, taskLogItem, visibleImageUrl } from './task-views';

/** The filter of one list: the platform(s), and what the query asked for (times in milliseconds). */
interface TaskFilter {
  drawing: boolean;
  userId: number | null;
  channelId?: number;
  taskId?: string;
  fromMs?: number;
  toMs?: number;
}

type TaskQuery = SelectQueryBuilder<Database, 'tasks', object>;

function filtered(db: Kysely<Database>, filter: TaskFilter): TaskQuery {
  let query: TaskQuery = db.selectFrom('tasks');
  query = filter.drawing ? query.where('platform', '=', 'midjourney') : query.where('platform', '!=', 'midjourney');
  if (filter.userId !== null) query = query.where('user_id', '=', filter.userId);
  if (filter.channelId) query = query.where('channel_id', '=', filter.channelId);
  if (filter.taskId) query = query.where('task_id', '=', filter.taskId);
  if (filter.fromMs) query = query.where('submit_time', '>=', filter.fromMs);
  if (filter.toMs) query = query.where('submit_time', '<=', filter.toMs);
  return query;
}

/** Registers the drawing and task log routes. */
export function registerTaskLogRoutes(app: FastifyInstance, context: AppServices): void {
  const access = accessFor(context);
  const routes = zodRoutes(app);

  async function page<T>(query: Record<string, unknown>, filter: TaskFilter, present: (row: TaskRow) => T) {
    const { page: pageNumber, pageSize, offset } = readPaging(query);
    const [rows, total] = await Promise.all([
      filtered(context.db, filter).selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute(),
      filtered(context.db, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return success({ items: rows.map(present), total: Number(total.count), page: pageNumber, page_size: pageSize });
  }

  const drawingQuery = validated({ querystring: drawingLogQuerySchema });
  const taskQuery = validated({ querystring: taskLogQuerySchema });

  for (const [path, admin] of [['/api/mj/', true], ['/api/mj/self/', false]] as const) {
    routes.get(path, { ...access(admin ? 'admin' : 'user'), ...drawingQuery }, async (request) => {
      const query = request.query;
      const forward = context.options.bool('MjForwardUrlEnabled');
      const address = gatewayAddress(context, request);
      const filter: TaskFilter = { drawing: true, userId: admin ? null : currentUser(request).id, channelId: admin ? query.channel_id : undefined, taskId: query.mj_id, fromMs: query.start_timestamp, toMs: query.end_timestamp };
      return page(request.query as Record<string, unknown>, filter, (row): DrawingLogItem => {
        const item = drawingLogItem(row, visibleImageUrl(row, forward, address));
        return admin ? item : { ...item, channel_id: 0 };
      });
    });
  }

  for (const [path, admin] of [['/api/task/', true], ['/api/task/self', false]] as const) {
    routes.get(path, { ...access(admin ? 'admin' : 'user'), ...taskQuery }, async (request) => {
      const query = request.query;
      const seconds = (value: number | undefined): number | undefined => (value ? value * 1000 : undefined);
      const filter: TaskFilter = { drawing: false, userId: admin ? null : currentUser(request).id, channelId: admin ? query.channel_id : undefined, taskId: query.task_id, fromMs: seconds(query.start_timestamp), toMs: seconds(query.end_timestamp) };
      return page(request.query as Record<string, unknown>, filter, (row): TaskLogItem => {
        const item = taskLogItem(row);
        return admin ? item : { ...item, channel_id: 0 };
      });
    });
  }
}
