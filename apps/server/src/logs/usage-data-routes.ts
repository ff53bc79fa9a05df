// `/api/data/` (admin, everyone or one username), `/api/data/users` (admin, per user and hour) and `/api/data/self`
// (the caller): the dashboard's hourly usage.
import { DataGranularities } from '@turnpike/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import { queryCount, queryText } from './log-filters';
import { foldUsageData, readUsageByUser, readUsageData, type UsageDataQuery } from './usage-data';

/** ±14 hours covers every time zone (UTC−12 to UTC+14). */
const maxUtcOffsetSeconds = 14 * 3600;

const dataQuerySchema = z.object({
  start_timestamp: queryCount('start_timestamp'),
  end_timestamp: queryCount('end_timestamp'),
  username: queryText('username'),
  granularity: z.preprocess((value) => (value === '' ? undefined : value), z.enum(DataGranularities, { error: 'granularity must be hour, day or week' }).optional()),
  utc_offset: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: 'utc_offset must be a whole number of seconds' }).int('utc_offset must be a whole number of seconds').min(-maxUtcOffsetSeconds).max(maxUtcOffsetSeconds).optional(),
  ),
});

type DataQuery = z.infer<typeof dataQuerySchema>;

/** Registers the dashboard data routes. */
export function registerUsageDataRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);

  async function answer(input: DataQuery, who: Pick<UsageDataQuery, 'userId' | 'username'>) {
    const rows = await readUsageData(context.db, { startTimestamp: input.start_timestamp ?? 0, endTimestamp: input.end_timestamp || undefined, ...who });
    return success(input.granularity ? foldUsageData(rows, input.granularity, input.utc_offset ?? 0) : rows);
  }

  app.get('/api/data/', access('admin'), async (request) => {
    const input = parseInput(dataQuerySchema, request.query);
    return answer(input, input.username ? { username: input.username } : {});
  });

  // new-api's per-user view of the same buckets; a missing end reads as no upper bound, as on `/api/data/`.
  app.get('/api/data/users', access('admin'), async (request) => {
    const input = parseInput(dataQuerySchema, request.query);
    return success(await readUsageByUser(context.db, input.start_timestamp ?? 0, input.end_timestamp || undefined));
  });

  app.get('/api/data/self', access('user'), async (request) => answer(parseInput(dataQuerySchema, request.query), { userId: currentUser(request).id }));
}
