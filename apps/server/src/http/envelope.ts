// Builds the `{success, message, data}` envelope and reads request input safely.
import { dropOptionalNulls, type Envelope } from '@turnpike/contract';
import type { z } from 'zod';
import { badRequest } from './api-error';

/** A successful envelope carrying data. */
export function success<T>(data?: T, message = ''): Envelope<T> {
  return data === undefined ? { success: true, message } : { success: true, message, data };
}

/** Validates a body or query against a schema (a null optional field reads as not given); the first issue becomes a 400 with a readable message. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(dropOptionalNulls(schema, input ?? {}));
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw badRequest(`${where}${issue.message}`);
  }
  return result.data;
}

/** The highest page number read from a query: beyond it every list is empty, and the offset stays a safe integer for every engine. */
export const maxPageNumber = 1_000_000_000;

/** Reads the page number (`p`, 1-based; 0 is treated as 1, bounded to maxPageNumber) and page size from a query, bounded to 1..100. */
export function readPaging(query: Record<string, unknown>, sizeKey = 'page_size'): { page: number; pageSize: number; offset: number } {
  const page = Math.min(maxPageNumber, Math.max(1, Number.parseInt(String(query.p ?? '1'), 10) || 1));
  const rawSize = Number.parseInt(String(query[sizeKey] ?? '10'), 10) || 10;
  const pageSize = Math.min(100, Math.max(1, rawSize));
  return { page, pageSize, offset: (page - 1) * pageSize };
}
