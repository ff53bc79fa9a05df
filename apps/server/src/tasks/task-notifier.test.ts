import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../db/schema';
import { TaskNotifier } from './task-notifier';

const task = { task_id: 'm1', action: 'IMAGINE', prompt: 'p', prompt_en: 'p', description: '', submit_time: 1, start_time: 2, finish_time: 3, status: 'SUCCESS', progress: '100%', fail_reason: '', buttons: '', properties: '', notify_hook: 'https://hooks.example.com/mj' } as TaskRow;

describe('TaskNotifier', () => {
  it('posts the task in midjourney-proxy’s shape to its hook while MjNotifyEnabled is on', async () => {
    const sent: Array<[string, unknown]> = [];
    let enabled = true;
    const notifier = new TaskNotifier(() => enabled, () => undefined, async (url, body) => (sent.push([url, JSON.parse(body)]), 200));
    await notifier.notify(task, 'https://gw/mj/image/m1');
    enabled = false;
    await notifier.notify(task, 'https://gw/mj/image/m1');
    await notifier.notify({ ...task, notify_hook: '' }, '');
    expect(sent).toEqual([['https://hooks.example.com/mj', expect.objectContaining({ id: 'm1', status: 'SUCCESS', imageUrl: 'https://gw/mj/image/m1' })]]);
  });

  it('logs a refused or failed notice instead of throwing', async () => {
    const warnings: string[] = [];
    const refusing = new TaskNotifier(() => true, (_details, message) => warnings.push(message), async () => 500);
    const failing = new TaskNotifier(() => true, (_details, message) => warnings.push(message), async () => Promise.reject(new Error('10.0.0.1 is not a public address')));
    await refusing.notify(task, '');
    await failing.notify(task, '');
    expect(warnings).toEqual(['task notify hook refused the notice', 'task notify hook could not be called']);
  });
});
