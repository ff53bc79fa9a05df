// MjNotifyEnabled: when a drawing task changes, the gateway POSTs the task (midjourney-proxy's shape) to the
// notifyHook its caller gave at submit. `post` is the SSRF-safe client's (public or operator-allowed addresses only);
// failures are logged.
import type { TaskRow } from '../db/schema';
import { midjourneyTaskView } from './task-views';

/** Sends a task's state to its notify hook. */
export type NotifyPost = (url: string, body: string) => Promise<number>;

/** Tells callers of task changes; what it sends and where is decided here, the HTTP call is `post`. */
export class TaskNotifier {
  constructor(
    private readonly enabled: () => boolean,
    private readonly warn: (details: Record<string, unknown>, message: string) => void,
    private readonly post: NotifyPost,
  ) {}

  /** Notifies the hook of `task` (as now stored, with the image URL callers see); never throws. */
  async notify(task: TaskRow, imageUrl: string): Promise<void> {
    if (!task.notify_hook || !this.enabled()) return;
    try {
      const status = await this.post(task.notify_hook, JSON.stringify(midjourneyTaskView(task, imageUrl)));
      if (status >= 400) this.warn({ taskId: task.task_id, status }, 'task notify hook refused the notice');
    } catch (error) {
      this.warn({ taskId: task.task_id, err: error }, 'task notify hook could not be called');
    }
  }
}
