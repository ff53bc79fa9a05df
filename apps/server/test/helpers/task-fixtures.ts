// Builders for the task relay tests: balances, task rows and log rows read back, and one poll run of the fleet job.
import type { TaskRow } from '../../src/db/schema';
import { taskPollJobName } from '../../src/tasks/task-poller';
import type { TestServer } from './test-server';

/** The user's and the token's balances, after every queued settlement is written. */
export async function balances(server: TestServer, userId: number, tokenId: number): Promise<{ user: number; token: number }> {
  await server.settle();
  const user = await server.context.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
  const token = await server.context.db.selectFrom('tokens').select('remain_quota').where('id', '=', tokenId).executeTakeFirstOrThrow();
  return { user: Number(user.quota), token: Number(token.remain_quota) };
}

/** The stored task with upstream id `taskId`. */
export function storedTask(server: TestServer, taskId: string): Promise<TaskRow> {
  return server.context.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
}

/** The user's log rows of `type`, oldest first. */
export function logRows(server: TestServer, userId: number, type: number): Promise<Array<{ quota: number; model_name: string; content: string; other: string }>> {
  return server.context.db.selectFrom('logs').select(['quota', 'model_name', 'content', 'other']).where('user_id', '=', userId).where('type', '=', type).orderBy('id', 'asc').execute();
}

/** Runs the poll job now, as its timer would (under its fleet lease). */
export function pollTasks(server: TestServer): Promise<void> {
  return server.context.jobs.tickNamed(taskPollJobName);
}
