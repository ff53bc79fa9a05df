// The one place that sends API requests: user-id header, envelope unwrapping, error toasts, 401 handling.
import type { DataEnvelope, Envelope } from '@turnpike/contract';
import i18n from '../i18n/i18n';
import { clearStoredUser, getStoredUser } from './session';
import { notify } from './notify';
import { translateErrorCode } from './problem-text';

/** A query-string value; undefined and null values are left out. */
export type QueryValue = string | number | boolean | undefined | null;

/** Options of one request. */
export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** When true no toast is shown; the caller reports the failure itself. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (for example X-Security-Proof). */
  headers?: Record<string, string>;
}

/** Why a request failed: the server answered success false (any status), the HTTP status was an error, or the network failed. */
export type ApiErrorKind = 'envelope' | 'http' | 'network';

/** A failed request; the toast (unless silent) has already been shown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  window.location.assign('/login?expired=true');
};

/** Replaces what happens after a 401 (the router installs a client-side navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** Builds `path?query` leaving out empty values. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function buildHeaders(hasBody: boolean, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const user = getStoredUser();
  if (user) headers.set('New-Api-User', String(user.id));
  return headers;
}

async function readEnvelope(response: Response): Promise<Partial<Envelope<unknown>> | null> {
  try {
    const value: unknown = await response.json();
    return typeof value === 'object' && value !== null ? (value as Partial<Envelope<unknown>>) : null;
  } catch {
    return null;
  }
}

/** Statuses with a fixed message of their own (spec 000 §8), whatever the body says. */
const fixedStatusMessages: Record<number, 'http.tooManyRequests' | 'http.serverError' | 'http.demoSite'> = {
  429: 'http.tooManyRequests',
  500: 'http.serverError',
  405: 'http.demoSite',
};

async function failHttp(response: Response, silent: boolean): Promise<never> {
  const envelope = await readEnvelope(response);
  const serverMessage = translateErrorCode(envelope?.code) ?? (typeof envelope?.message === 'string' ? envelope.message : '');
  // On the login page a 401 is a failed sign-in, not an expired session: it is reported below, no redirect loop.
  if (response.status === 401 && window.location.pathname !== '/login') {
    clearStoredUser();
    onUnauthorized();
    throw new ApiError(i18n.t('http.sessionExpired'), 'http', 401);
  }
  const fixedKey = fixedStatusMessages[response.status];
  let error: ApiError;
  if (fixedKey) error = new ApiError(i18n.t(fixedKey), 'http', response.status);
  else if (envelope?.success === false && serverMessage) error = new ApiError(serverMessage, 'envelope', response.status);
  else error = new ApiError(i18n.t('http.error', { message: serverMessage || response.statusText || String(response.status) }), 'http', response.status);
  if (!silent) {
    if (response.status === 405) notify.info(error.message);
    else notify.error(error.message);
  }
  throw error;
}

/** Sends a request and returns the whole envelope once success is true; otherwise toasts and throws ApiError. */
export async function requestEnvelope<T>(method: string, path: string, options: RequestOptions = {}): Promise<DataEnvelope<T>> {
  const silent = options.silent === true;
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(hasBody, options.headers),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new ApiError('aborted', 'network');
    const text = i18n.t('http.error', { message: error instanceof Error ? error.message : String(error) });
    if (!silent) notify.error(text);
    throw new ApiError(text, 'network');
  }
  if (!response.ok) return failHttp(response, silent);
  const envelope = await readEnvelope(response);
  if (envelope === null) {
    const text = i18n.t('http.error', { message: i18n.t('http.invalidResponse') });
    if (!silent) notify.error(text);
    throw new ApiError(text, 'http', response.status);
  }
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  if (envelope.success !== true) {
    const translated = translateErrorCode(envelope.code);
    if (translated) {
      if (!silent) notify.error(translated);
      throw new ApiError(translated, 'envelope', response.status);
    }
    const text = message || i18n.t('common.requestFailed');
    if (!silent) notify.error(text);
    throw new ApiError(text, 'envelope', response.status);
  }
  // Extra top-level fields (a channel test's `time`, a balance update's `balance`) are kept beside the envelope.
  return { ...envelope, success: true, message, data: envelope.data as T };
}

/** Short forms returning only `data`. */
export const apiClient = {
  get<T>(path: string, options?: RequestOptions): Promise<T> {
    return requestEnvelope<T>('GET', path, options).then((envelope) => envelope.data);
  },
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return requestEnvelope<T>('POST', path, { ...options, body }).then((envelope) => envelope.data);
  },
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
    return requestEnvelope<T>('PUT', path, { ...options, body }).then((envelope) => envelope.data);
  },
  delete<T>(path: string, options?: RequestOptions): Promise<T> {
    return requestEnvelope<T>('DELETE', path, options).then((envelope) => envelope.data);
  },
};
