// Typed access to the browser's local store: the key names are part of the contract (spec 001 §3).

/** Every local store key the console reads or writes, exactly as new-api names them. */
export const StorageKeys = {
  user: 'user',
  status: 'status',
  themeMode: 'theme-mode',
  language: 'i18nextLng',
  pageSize: 'page-size',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  chats: 'chats',
  footerHtml: 'footer_html',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  mjNotifyEnabled: 'mj_notify_enabled',
  payMethods: 'pay_methods',
  channelsTableColumns: 'channels-table-columns',
  logsTableColumns: 'logs-table-columns',
  idSort: 'id-sort',
  affiliateCode: 'aff',
  systemName: 'system_name',
  logo: 'logo',
  quotaPerUnit: 'quota_per_unit',
  displayInCurrency: 'display_in_currency',
  docsLink: 'docs_link',
  dataExportDefaultTime: 'data_export_default_time',
  notice: 'notice',
} as const;

/** One of the known local store key names. */
export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

function notifyKey(key: string): void {
  listeners.get(key)?.forEach((listener) => listener());
}

/** Reads a raw string value, or null when absent or when storage is unavailable. */
export function readString(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a raw string value and tells subscribers of that key. */
export function writeString(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the in-memory state still works for this page.
  }
  notifyKey(key);
}

/** Removes a key and tells its subscribers. */
export function removeKey(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to remove when storage is blocked.
  }
  notifyKey(key);
}

/** Reads a JSON value; returns null when absent or unparsable. */
export function readJson<T>(key: StorageKey): T | null {
  const raw = readString(key);
  if (raw === null || raw === '' || raw === 'undefined') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Writes a value as JSON text. */
export function writeJson(key: StorageKey, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** Reads a boolean stored as the text `true`. */
export function readFlag(key: StorageKey): boolean {
  return readString(key) === 'true';
}

/** Subscribes to changes of one key (from this tab or another); returns the unsubscribe function. */
export function subscribeKey(key: StorageKey, listener: Listener): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  const onStorage = (event: StorageEvent): void => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
