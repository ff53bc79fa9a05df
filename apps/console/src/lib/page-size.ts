// The table page-size preference kept under `page-size` (10, 20, 50 or 100).
import { useCallback, useState } from 'react';
import { readString, StorageKeys, writeString } from './storage';
import { DefaultPageSize, PageSizes } from '@turnpike/contract';

/** Reads the stored page size, falling back to the default for missing or unsupported values. */
export function readPageSize(): number {
  const value = Number.parseInt(readString(StorageKeys.pageSize) ?? '', 10);
  return (PageSizes as readonly number[]).includes(value) ? value : DefaultPageSize;
}

/** Page size state that remembers every change in the local store. */
export function usePageSize(): [number, (size: number) => void] {
  const [pageSize, setPageSize] = useState(readPageSize);
  const update = useCallback((size: number) => {
    writeString(StorageKeys.pageSize, String(size));
    setPageSize(size);
  }, []);
  return [pageSize, update];
}
