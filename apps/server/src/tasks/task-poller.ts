// The poll job: unfinished tasks are asked of their channels in batches (one request per channel and batch), moved
// through the spec's statuses, failed and refunded once when the upstream fails them or they outlive their timeout.
// A channel that cannot be asked is asked again later with a doubling back-off. It runs as one fleet job.
import { finalTaskStatuses } from '@turnpike/providers';
import type { AppContext } from '../context';
import type { TaskRow } from '../db/schema';
import { CredentialCache } from '../relay/credential-cache';
import type { RoutingTable } from '../relay/routing-table';
import { readBody } from '../relay/upstream-body';
import { UpstreamAbort, type UpstreamClient } from '../relay/upstream-client';
import type { TaskNotifier } from './task-notifier';
import { pollPlanFor, upstreamIdOf, type PolledUpdate, type PollPlan } from './task-platforms';
import { changeOf, type TaskChange, type TaskStore } from './task-store';
import { visibleImageUrl } from './task-views';

/** The fleet job's name (its lease). */
export const taskPollJobName = 'task-poll';
/** Time between poll runs (new-api polls every 15 s). */
export const taskPollIntervalMs = 15_000;
/** Tasks looked at in one run. */
const runLimit = 1_000;
/** Back-off after failed polls: doubling from one interval up to 10 minutes. */
const maxBackoffMs = 10 * 60_000;
/** A task not final after this long is failed and refunded: an hour for drawings (new-api), a day for others. */
const timeoutMsByPlatform: Readonly<Record<string, number>> = { midjourney: 60 * 60_000 };
const defaultTimeoutMs = 24 * 60 * 60_000;

/** What one run did. */
export interface PollReport {
  polled: number;
  updated: number;
  failed: number;
  deferred: number;
}

/** Polls unfinished tasks; `pollOnce` is one run. */
export class TaskPoller {
  constructor(
    private readonly context: AppContext,
    private readonly routing: RoutingTable,
    private readonly upstream: UpstreamClient,
    private readonly store: TaskStore,
    private readonly notifier: TaskNotifier,
    /** Access tokens of channels that exchange their key first (Vertex videos). */
    private readonly credentials: CredentialCache = new CredentialCache(upstream),
  ) {}

  /** One run over the tasks due now. */
  async pollOnce(): Promise<PollReport> {
    const now = Date.now();
    const report: PollReport = { polled: 0, updated: 0, failed: 0, deferred: 0 };
    const due = await this.store.due(now, runLimit);
    // Tasks are asked of their channel per platform, in the batches the platform's plan allows.
    const groups = new Map<string, TaskRow[]>();
    for (const task of due) {
      const key = `${task.channel_id}\u0000${task.platform}`;
      groups.set(key, [...(groups.get(key) ?? []), task]);
    }
    for (const tasks of groups.values()) await this.pollGroup(tasks, now, report);
    return report;
  }

  private async pollGroup(tasks: TaskRow[], now: number, report: PollReport): Promise<void> {
    const { channel_id: channelId, platform } = tasks[0];
    const channel = this.routing.channel(channelId);
    const plan = channel ? pollPlanFor(platform, channel, this.credentials) : undefined;
    if (!plan) {
      for (const task of tasks) await this.fail(task, { fail_reason: `the channel of this task (#${channelId}) is gone` }, now, report);
      return;
    }
    const withIds = tasks.filter((task) => upstreamIdOf(task) !== '');
    for (const task of tasks) if (upstreamIdOf(task) === '') await this.fail(task, { fail_reason: 'the upstream gave no task id' }, now, report);
    for (let start = 0; start < withIds.length; start += plan.batchSize) await this.pollBatch(plan, channelId, withIds.slice(start, start + plan.batchSize), now, report);
  }

  private async pollBatch(plan: PollPlan, channelId: number, withIds: TaskRow[], now: number, report: PollReport): Promise<void> {
    report.polled += withIds.length;
    let updates: PolledUpdate[];
    try {
      const request = await plan.request(withIds);
      const body = request.body === null || typeof request.body === 'string' ? request.body : Buffer.from(request.body);
      const response = await this.upstream.send({ url: request.url, method: request.method, headers: request.headers, body }, new UpstreamAbort(), { headersMs: 15_000, bodyMs: 15_000 });
      const text = (await readBody(response.body)).toString('utf8');
      if (response.status !== 200) throw new Error(`the upstream answered ${response.status}`);
      updates = plan.read(JSON.parse(text), withIds);
    } catch (error) {
      this.context.log.warn({ err: error, channelId, tasks: withIds.length }, 'task poll failed: asking again after a back-off');
      await this.deferAll(withIds, now, report);
      return;
    }
    const byTaskId = new Map(updates.map((update) => [update.taskId, update]));
    for (const task of withIds) await this.apply(task, byTaskId.get(upstreamIdOf(task)), now, report);
  }

  private async deferAll(tasks: TaskRow[], now: number, report: PollReport): Promise<void> {
    // Tasks of one batch share a back-off: the largest of their failure counts decides it.
    const failures = Math.max(...tasks.map((task) => task.poll_failures)) + 1;
    await this.store.deferPoll(
      tasks.map((task) => task.id),
      now,
      now + Math.min(maxBackoffMs, taskPollIntervalMs * 2 ** Math.min(failures, 16)),
    );
    report.deferred += tasks.length;
    for (const task of tasks) if (this.timedOut(task, now)) await this.fail(task, { fail_reason: 'the upstream task timed out' }, now, report);
  }

  private timedOut(task: TaskRow, now: number): boolean {
    return now - task.submit_time > (timeoutMsByPlatform[task.platform] ?? defaultTimeoutMs);
  }

  private async apply(task: TaskRow, update: PolledUpdate | undefined, now: number, report: PollReport): Promise<void> {
    const change = update ? changeOf(update) : {};
    const failed = update?.status === 'FAILURE' || (update !== undefined && update.failReason !== '' && update.progress !== '100%' && !finalTaskStatuses.has(update.status));
    if (failed) return this.fail(task, { ...change, fail_reason: update?.failReason || 'the upstream failed the task' }, now, report);
    if (this.timedOut(task, now) && update?.status !== 'SUCCESS') return this.fail(task, { ...change, fail_reason: 'the upstream task timed out' }, now, report);
    if (!update) return;
    if (update.status === 'SUCCESS') {
      change.progress = '100%';
      change.finish_time = update.finishTime || now;
      if (!task.start_time && !update.startTime) change.start_time = now;
    }
    if (!changed(task, change)) return;
    if (await this.store.update(task.id, change, now, now)) {
      report.updated += 1;
      if (change.status !== undefined && change.status !== task.status) await this.notify({ ...task, ...change, updated_at: now });
    }
  }

  private async fail(task: TaskRow, change: TaskChange, now: number, report: PollReport): Promise<void> {
    const user = await this.context.caches.users.get(task.user_id);
    const reason = change.fail_reason ?? '';
    const won = await this.store.fail(task, change, now, {
      content: `task ${task.task_id || task.id} (${task.action}) failed: ${reason}; ${task.quota} refunded`,
      username: user?.username ?? '',
      tokenName: '',
      group: user?.group ?? '',
      channelName: this.routing.channel(task.channel_id)?.name ?? '',
    });
    if (!won) return;
    report.failed += 1;
    await this.notify({ ...task, ...change, status: 'FAILURE', progress: '100%', updated_at: now });
  }

  private async notify(task: TaskRow): Promise<void> {
    if (task.platform !== 'midjourney') return;
    const { options } = this.context;
    await this.notifier.notify(task, visibleImageUrl(task, options.bool('MjForwardUrlEnabled'), options.string('ServerAddress')));
  }
}

/** True when the change sets a column to a value the task does not have yet. */
function changed(task: TaskRow, change: TaskChange): boolean {
  return (Object.keys(change) as (keyof TaskChange)[]).some((key) => change[key] !== task[key]);
}
