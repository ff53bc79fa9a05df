import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookApi } from 'antd/es/modal/useModal';
import { ApiError, apiClient, buildUrl, requestEnvelope, setUnauthorizedHandler } from './api-client';
import { bindNotifier } from './notify';
import i18n from '../i18n/i18n';

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

const toasts: string[] = [];
const record = (kind: string) => (content: unknown) => {
  toasts.push(`${kind}:${String(content)}`);
  return Promise.resolve(true);
};

function respond(status: number, body: unknown): void {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })));
}

beforeEach(() => {
  toasts.length = 0;
  const storage = memoryStorage();
  storage.setItem('user', JSON.stringify({ id: 7, username: 'root', role: 100 }));
  vi.stubGlobal('window', { location: { pathname: '/user' }, localStorage: storage, addEventListener: () => undefined, removeEventListener: () => undefined });
  bindNotifier(
    { success: record('success'), error: record('error'), warning: record('warning'), info: record('info') } as unknown as MessageInstance,
    {} as ModalHookApi,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('appends defined query values and skips empty ones', () => {
    expect(buildUrl('/api/user/', { p: 2, page_size: 20, keyword: undefined, group: null })).toBe('/api/user/?p=2&page_size=20');
    expect(buildUrl('/api/x', {})).toBe('/api/x');
    expect(buildUrl('/api/x', { email: 'a+b@c.d' })).toBe('/api/x?email=a%2Bb%40c.d');
  });
});

describe('requestEnvelope', () => {
  it('sends the New-Api-User header of the stored user and unwraps data', async () => {
    respond(200, { success: true, message: '', data: { items: [1] } });
    const data = await apiClient.get<{ items: number[] }>('/api/user/');
    expect(data).toEqual({ items: [1] });
    const init = vi.mocked(fetch).mock.calls[0][1];
    expect(new Headers(init?.headers).get('New-Api-User')).toBe('7');
  });

  it('shows the message of success false as an error toast and throws', async () => {
    respond(200, { success: false, message: 'username taken' });
    await expect(requestEnvelope('POST', '/api/user/', { body: {} })).rejects.toMatchObject({ kind: 'envelope', message: 'username taken' });
    expect(toasts).toEqual(['error:username taken']);
  });

  it('shows the server message of a 4xx envelope without a prefix', async () => {
    respond(403, { success: false, message: 'no permission' });
    await expect(apiClient.post('/api/user/manage', { id: 1, action: 'promote' })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(['error:no permission']);
  });

  it('shows the translated text of a problem code, and the server message for a status code or a code that needs values', async () => {
    const translated = i18n.t('problems.channel_model_mapping_cycle');
    expect(translated).not.toBe('model mapping contains a cycle');
    respond(400, { success: false, message: 'model mapping contains a cycle', code: 'channel_model_mapping_cycle' });
    await expect(apiClient.post('/api/channel/', {})).rejects.toMatchObject({ kind: 'envelope', message: translated });
    respond(200, { success: false, message: 'model mapping contains a cycle', code: 'channel_model_mapping_cycle' });
    await expect(apiClient.post('/api/channel/', {})).rejects.toMatchObject({ message: translated });
    respond(400, { success: false, message: 'unsupported channel type: 6', code: 'channel_type_unsupported' });
    await expect(apiClient.post('/api/channel/', {})).rejects.toMatchObject({ message: 'unsupported channel type: 6' });
    respond(409, { success: false, message: 'the username already exists', code: 'conflict' });
    await expect(apiClient.put('/api/user/', {})).rejects.toMatchObject({ message: 'the username already exists' });
    expect(toasts).toEqual([`error:${translated}`, `error:${translated}`, 'error:unsupported channel type: 6', 'error:the username already exists']);
  });

  it('maps 429, 500 and 405 to their fixed messages', async () => {
    respond(429, { success: false, message: 'slow down' });
    await expect(apiClient.get('/api/x')).rejects.toMatchObject({ status: 429 });
    respond(500, 'boom');
    await expect(apiClient.get('/api/x')).rejects.toMatchObject({ status: 500 });
    respond(405, '');
    await expect(apiClient.get('/api/x')).rejects.toMatchObject({ status: 405 });
    expect(toasts).toHaveLength(3);
    expect(toasts[0]).toMatch(/^error:.*(429|too many|过多)/i);
    expect(toasts[2]).toMatch(/^info:/);
  });

  it('clears the stored user and calls the 401 handler outside the login page', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    respond(401, { success: false, message: 'expired' });
    await expect(apiClient.get('/api/user/self')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(toasts).toEqual([]);
  });

  it('reports a 401 on the login page as a failed sign-in', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    window.location.pathname = '/login';
    respond(401, { success: false, message: 'wrong password' });
    await expect(apiClient.post('/api/user/login', {})).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();
    expect(toasts).toEqual(['error:wrong password']);
  });

  it('stays quiet when silent is set', async () => {
    respond(200, { success: false, message: 'nope' });
    await expect(apiClient.get('/api/status', { silent: true })).rejects.toMatchObject({ kind: 'envelope' });
    expect(toasts).toEqual([]);
  });
});
