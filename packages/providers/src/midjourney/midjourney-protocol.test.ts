import { describe, expect, it } from 'vitest';
import { midjourneyModelName, midjourneyProtocol, midjourneyUpstreamBody, resolveMidjourneyAction } from './midjourney-protocol';

describe('midjourney-proxy protocol', () => {
  it('resolves the action of every submit path', () => {
    expect(resolveMidjourneyAction('imagine', { prompt: 'cat' })).toEqual({ ok: true, action: 'IMAGINE', originTaskId: null, index: 0 });
    expect(resolveMidjourneyAction('imagine', {})).toEqual({ ok: false, description: 'prompt_is_required' });
    expect(resolveMidjourneyAction('upload-discord-images', { base64Array: [] })).toMatchObject({ ok: true, action: 'UPLOAD' });
    expect(resolveMidjourneyAction('change', { taskId: '7', action: 'upscale', index: 2 })).toEqual({ ok: true, action: 'UPSCALE', originTaskId: '7', index: 2 });
    expect(resolveMidjourneyAction('change', { taskId: '7', action: 'VARIATION' })).toEqual({ ok: false, description: 'index_is_required' });
    expect(resolveMidjourneyAction('change', { taskId: '7', action: 'REROLL' })).toMatchObject({ ok: true, action: 'REROLL' });
    expect(resolveMidjourneyAction('simple-change', { content: '99 V3' })).toEqual({ ok: true, action: 'VARIATION', originTaskId: '99', index: 3 });
    expect(resolveMidjourneyAction('simple-change', { content: '99 U5' })).toEqual({ ok: false, description: 'content_parse_failed' });
    expect(resolveMidjourneyAction('action', { taskId: '5', customId: 'MJ::JOB::upsample::2::abc' })).toMatchObject({ ok: true, action: 'UPSCALE', originTaskId: '5' });
    expect(resolveMidjourneyAction('action', { taskId: '5', customId: 'MJ::JOB::low_variation::1::abc' })).toMatchObject({ action: 'LOW_VARIATION' });
    expect(resolveMidjourneyAction('action', { taskId: '5', customId: 'MJ::Inpaint::1::abc' })).toMatchObject({ action: 'INPAINT' });
    expect(resolveMidjourneyAction('modal', { taskId: '5' })).toMatchObject({ ok: true, action: 'MODAL', originTaskId: '5' });
    expect(resolveMidjourneyAction('nonsense', {})).toEqual({ ok: false, description: 'unknown_relay_action' });
  });

  it('names models per action as new-api does', () => {
    expect(['IMAGINE', 'UPSCALE', 'CUSTOM_ZOOM', 'SWAP_FACE', 'UPLOAD'].map(midjourneyModelName)).toEqual(['mj_imagine', 'mj_upscale', 'mj_custom_zoom', 'swap_face', 'mj_upload']);
  });

  it('strips the notify hook always, the account filter unless allowed and the speed flags when asked', () => {
    const body = { prompt: 'a --fast b --relax --turbo', notifyHook: 'http://hook', accountFilter: { x: 1 } };
    expect(midjourneyUpstreamBody(body, { accountFilter: false, modeClear: true })).toEqual({ prompt: 'a  b  ' });
    expect(midjourneyUpstreamBody(body, { accountFilter: true, modeClear: false })).toEqual({ prompt: body.prompt, accountFilter: { x: 1 } });
  });

  it('reads submit codes: 1, 21 and 22 accepted (answered as 1), others refused', () => {
    expect(midjourneyProtocol.readSubmit(200, { code: 1, description: 'ok', result: '12' })).toMatchObject({ accepted: true, taskId: '12', code: 1 });
    const existing = midjourneyProtocol.readSubmit(200, { code: 21, description: 'exists', result: '13', properties: { status: 'SUCCESS', imageUrl: 'https://i/x.png' } });
    expect(existing).toMatchObject({ accepted: true, taskId: '13', code: 1, update: { status: 'SUCCESS', progress: '100%', imageUrl: 'https://i/x.png' }, answer: { code: 1 } });
    expect(midjourneyProtocol.readSubmit(200, { code: 22, description: 'queued', result: '14' })).toMatchObject({ accepted: true, code: 1, answer: { code: 1 } });
    expect(midjourneyProtocol.readSubmit(200, { code: 24, description: 'banned' })).toMatchObject({ accepted: false, code: 24, description: 'banned' });
    expect(midjourneyProtocol.readSubmit(400, { description: 'bad' })).toMatchObject({ accepted: false, description: 'bad' });
    expect(midjourneyProtocol.readSubmit(200, { code: 1, description: 'ok', result: ['https://u/1.png'] })).toMatchObject({ accepted: true, taskId: '', update: { status: 'SUCCESS', imageUrl: 'https://u/1.png' } });
  });

  it('reads polled tasks, CANCEL as FAILURE', () => {
    const [task] = midjourneyProtocol.readPoll([{ id: '1', status: 'CANCEL', progress: '', failReason: 'cancelled', buttons: [{ customId: 'x' }] }]);
    expect(task).toMatchObject({ taskId: '1', status: 'FAILURE', progress: '100%', failReason: 'cancelled', buttons: '[{"customId":"x"}]' });
    expect(() => midjourneyProtocol.readPoll({ error: 'x' })).toThrow();
  });
});
