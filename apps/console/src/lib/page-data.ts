// Reads a list answer's `{items, total, page, page_size}` defensively into the contract's Page.
import type { Page } from '@turnpike/contract';

const readCount = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** The page a list call answered; missing or malformed parts read as an empty first page. */
export function normalizePage<T>(data: Partial<Page<T>> | null | undefined): Page<T> {
  return {
    items: Array.isArray(data?.items) ? data.items : [],
    total: readCount(data?.total, 0),
    page: readCount(data?.page, 1) || 1,
    page_size: readCount(data?.page_size, 0),
  };
}
