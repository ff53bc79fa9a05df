// The `{success, message, data}` envelope every `/api` answer uses.

/** The envelope of every `/api/*` response. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

/** One page of a list answer. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
