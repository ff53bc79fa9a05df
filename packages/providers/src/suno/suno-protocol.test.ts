import { describe, expect, it } from 'vitest';
import { prepareSunoBody, sunoModelName, sunoProtocol } from './suno-protocol';

describe('Suno API protocol', () => {
  it('checks bodies and names models', () => {
    expect(prepareSunoBody('MUSIC', { prompt: 'x' })).toEqual({ ok: true, body: { prompt: 'x', mv: 'chirp-v3-0' } });
    expect(prepareSunoBody('LYRICS', {})).toEqual({ ok: false, message: 'prompt_empty' });
    expect(sunoModelName('LYRICS')).toBe('suno_lyrics');
  });

  it('reads submits and polls, times in milliseconds', () => {
    expect(sunoProtocol.readSubmit(200, { code: 'success', data: 't1' })).toMatchObject({ accepted: true, taskId: 't1', code: 1 });
    expect(sunoProtocol.readSubmit(200, { code: 'error', message: 'no' })).toMatchObject({ accepted: false, description: 'no' });
    const [task] = sunoProtocol.readPoll({ code: 'success', data: [{ task_id: 't1', status: 'SUCCESS', start_time: 1_700_000_000, finish_time: 1_700_000_100, data: [{ id: 'c' }] }] });
    expect(task).toMatchObject({ taskId: 't1', status: 'SUCCESS', progress: '100%', startTime: 1_700_000_000_000, finishTime: 1_700_000_100_000, data: '[{"id":"c"}]' });
    expect(() => sunoProtocol.readPoll({ code: 'error' })).toThrow();
  });
});
