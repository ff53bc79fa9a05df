// The task table: tasks are inserted once accepted (or refused, for the drawing log), updated by the poll job, and
// a failure is a conditional state transition that refunds the billed quota exactly once across the fleet.
import { finalTaskStatuses, type TaskUpdate } from '@turnpike/providers';
import { LogType } from '@turnpike/contract';
import type { Kysely } from 'kysely';
import type { Database, NewTask, TaskRow } from '../db/schema';

/** The statuses a task ends in, as a list for SQL. */
const finalStatuses = [...finalTaskStatuses];

/** The change the poll job applies to one task; `status` FAILURE refunds. */
export type TaskChange = Partial<Pick<TaskRow, 'status' | 'progress' | 'fail_reason' | 'image_url' | 'prompt_en' | 'start_time' | 'finish_time' | 'data' | 'properties' | 'buttons'>>;

/** The task columns an update from the upstream sets. */
export function changeOf(update: Partial<TaskUpdate>): TaskChange {
  const change: TaskChange = {};
  if (update.status !== undefined) change.status = update.status;
  if (update.progress !== undefined) change.progress = update.progress;
  if (update.failReason !== undefined) change.fail_reason = update.failReason;
  if (update.imageUrl !== undefined) change.image_url = update.imageUrl;
  if (update.promptEn !== undefined) change.prompt_en = update.promptEn;
  if (update.startTime) change.start_time = update.startTime;
  if (update.finishTime) change.finish_time = update.finishTime;
  if (update.data !== undefined) change.data = update.data;
  if (update.properties !== undefined) change.properties = update.properties;
  if (update.buttons !== undefined) change.buttons = update.buttons;
  return change;
}

/** Reads and moves tasks; every write to a task that is not final is conditional on it still not being final. */
export class TaskStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a task. */
  async insert(task: NewTask): Promise<void> {
    await this.db.insertInto('tasks').values(task).execute();
  }

  /** The caller's task of `platform` with upstream id `taskId`, or undefined (another user's task is never found). */
  findOwn(userId: number, platform: string, taskId: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('user_id', '=', userId).where('platform', '=', platform).where('task_id', '=', taskId).orderBy('id', 'desc').executeTakeFirst();
  }

  /** The caller's tasks of `platform` among `taskIds`. */
  async findOwnMany(userId: number, platform: string, taskIds: readonly string[]): Promise<TaskRow[]> {
    if (taskIds.length === 0) return [];
    return this.db.selectFrom('tasks').selectAll().where('user_id', '=', userId).where('platform', '=', platform).where('task_id', 'in', [...taskIds]).orderBy('id', 'asc').execute();
  }

  /** Any task of `platform` with upstream id `taskId` (the image proxy, which needs no key). */
  findByTaskId(platform: string, taskId: string): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('platform', '=', platform).where('task_id', '=', taskId).where('task_id', '!=', '').orderBy('id', 'desc').executeTakeFirst();
  }

  /** Unfinished tasks due for a poll at `now` (ms), oldest first. */
  due(now: number, limit: number): Promise<TaskRow[]> {
    return this.db.selectFrom('tasks').selectAll().where('status', 'not in', finalStatuses).where('next_poll_at', '<=', now).orderBy('next_poll_at', 'asc').orderBy('id', 'asc').limit(limit).execute();
  }

  /** Applies a non-failing change to a task that is still not final; false when it already was (another poll got there). */
  async update(id: number, change: TaskChange, now: number, nextPollAt: number): Promise<boolean> {
    const result = await this.db
      .updateTable('tasks')
      .set({ ...change, updated_at: now, next_poll_at: nextPollAt, poll_failures: 0 })
      .where('id', '=', id)
      .where('status', 'not in', finalStatuses)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a failed poll: the task is looked at again after `nextPollAt`. */
  async deferPoll(ids: readonly number[], now: number, nextPollAt: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('tasks')
      .set((eb) => ({ updated_at: now, next_poll_at: nextPollAt, poll_failures: eb('poll_failures', '+', 1) }))
      .where('id', 'in', [...ids])
      .where('status', 'not in', finalStatuses)
      .execute();
  }

  /**
   * Fails a task and returns its quota, exactly once: the move to FAILURE is an UPDATE conditional on the task not
   * being final yet, and the refund (user, token, log row) is in its transaction, so of any number of concurrent
   * callers across instances only the one whose UPDATE moved the row refunds. Returns true for that one.
   */
  async fail(task: TaskRow, change: TaskChange, now: number, refundLog: { content: string; username: string; tokenName: string; group: string; channelName: string }): Promise<boolean> {
    return this.db.transaction().execute(async (transaction) => {
      const moved = await transaction
        .updateTable('tasks')
        .set({ ...change, status: 'FAILURE', progress: '100%', finish_time: change.finish_time || now, updated_at: now })
        .where('id', '=', task.id)
        .where('status', 'not in', finalStatuses)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      const quota = Number(task.quota);
      if (quota <= 0) return true;
      await transaction
        .updateTable('users')
        .set((eb) => ({ quota: eb('quota', '+', quota), used_quota: eb('used_quota', '-', quota) }))
        .where('id', '=', task.user_id)
        .execute();
      if (task.token_id > 0) {
        await transaction
          .updateTable('tokens')
          .set((eb) => ({ remain_quota: task.token_debited === 1 ? eb('remain_quota', '+', quota) : eb('remain_quota', '+', 0), used_quota: eb('used_quota', '-', quota) }))
          .where('id', '=', task.token_id)
          .execute();
      }
      await transaction
        .insertInto('logs')
        .values({
          user_id: task.user_id,
          created_at: Math.floor(now / 1000),
          type: LogType.System,
          content: refundLog.content,
          username: refundLog.username,
          token_name: refundLog.tokenName,
          token_id: task.token_id,
          model_name: task.model_name,
          quota,
          prompt_tokens: 0,
          completion_tokens: 0,
          use_time: 0,
          is_stream: 0,
          channel_id: task.channel_id,
          channel_name: refundLog.channelName,
          group: refundLog.group,
          ip: '',
          request_id: '',
          other: JSON.stringify({ refund: true, task_id: task.task_id, platform: task.platform, action: task.action, reason: change.fail_reason ?? '' }),
        })
        .execute();
      return true;
    });
  }
}
