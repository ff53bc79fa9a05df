// The `{success, message, data}` envelope every `/api` answer uses; a failure also carries a `code`.
import type { ApiErrorCode } from './problems';

/** The envelope of every `/api/*` response. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
  /** On a failure: the problem code (a broken input rule) or the status's code; the console translates it. */
  code?: ApiErrorCode;
}

/** A successful envelope whose data the caller relies on. */
export type DataEnvelope<T> = Envelope<T> & { data: T };

/** One page of a list answer. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
