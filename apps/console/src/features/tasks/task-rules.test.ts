import { describe, expect, it } from 'vitest';
import { defaultDrawingWindow, defaultTaskWindow, drawingActionInfo, drawingStatusInfo, needsNextPage, progressPercent, reachableRows, submitCodeInfo, taskActionInfo, taskPlatformInfo, taskStatusInfo, timeSpentColor, timeSpentSeconds, videoResultPath } from './task-rules';

describe('task log rules', () => {
  it('picks the default windows', () => {
    const now = new Date(2026, 0, 31, 15, 30, 0);
    const seconds = Math.floor(now.getTime() / 1000);
    expect(defaultDrawingWindow(now)).toEqual({ start: seconds - 30 * 86_400, end: seconds + 3600 });
    expect(defaultTaskWindow(now)).toEqual({ start: Math.floor(new Date(2026, 0, 31).getTime() / 1000), end: seconds + 3600 });
  });

  it('measures time spent and colours it red above 60 seconds', () => {
    expect(timeSpentSeconds(1_000, 61_000, 'ms')).toBe(60);
    expect(timeSpentSeconds(10, 71, 's')).toBe(61);
    expect(timeSpentSeconds(1_000, 0, 'ms')).toBeNull();
    expect([timeSpentColor(60), timeSpentColor(60.1)]).toEqual(['green', 'red']);
  });

  it('names actions, codes and statuses, unknown ones as unknown', () => {
    expect(drawingActionInfo('UPSCALE')).toEqual({ key: 'UPSCALE', color: 'orange' });
    expect(drawingActionInfo('VIDEO').key).toBe('unknown');
    expect([1, 21, 22, 0, 24].map((code) => submitCodeInfo(code).key)).toEqual(['submitted', 'waiting', 'duplicate', 'notSubmitted', 'unknown']);
    expect(drawingStatusInfo('FAILURE')).toEqual({ key: 'FAILURE', color: 'red' });
    expect(drawingStatusInfo('QUEUED').key).toBe('unknown');
    expect(taskStatusInfo('')).toEqual({ key: 'submitting', color: 'default' });
    expect(taskStatusInfo('QUEUED')).toEqual({ key: 'QUEUED', color: 'orange' });
    expect(taskStatusInfo('MODAL').key).toBe('unknown');
  });

  it('reads progress text', () => {
    expect(['45%', '100%', '', 'x', '150%'].map(progressPercent)).toEqual([45, 100, 0, 0, 100]);
  });

  it('fetches the next page only when the page shown reaches past the loaded rows', () => {
    expect(needsNextPage(1, 10, 10, 25)).toBe(false);
    expect(needsNextPage(2, 10, 10, 25)).toBe(true);
    expect(needsNextPage(3, 10, 25, 25)).toBe(false);
    expect([reachableRows(10, 25, 10), reachableRows(20, 25, 10), reachableRows(25, 25, 10)]).toEqual([20, 25, 25]);
  });

  it('names video platforms and actions, and plays only the owner’s finished videos through the content route', () => {
    expect([taskPlatformInfo('sora'), taskPlatformInfo('kling'), taskPlatformInfo('midjourney')]).toEqual([{ key: 'sora', color: 'geekblue' }, { key: 'kling', color: 'purple' }, { key: 'unknown', color: 'default' }]);
    expect([taskActionInfo('textGenerate').key, taskActionInfo('remixGenerate').key, taskActionInfo('MUSIC').key, taskActionInfo('EDIT').key]).toEqual(['textGenerate', 'remixGenerate', 'MUSIC', 'unknown']);
    const video = { platform: 'veo', status: 'SUCCESS', task_id: 'video_ab/c', user_id: 7 };
    expect(videoResultPath(video, 7)).toBe('/v1/videos/video_ab%2Fc/content');
    expect([videoResultPath(video, 8), videoResultPath({ ...video, status: 'IN_PROGRESS' }, 7), videoResultPath({ ...video, platform: 'suno' }, 7)]).toEqual([null, null, null]);
  });
});
