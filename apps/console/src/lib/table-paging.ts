// Page and page-size state of a paged table, and the antd pagination built from it (size remembered in `page-size`).
import type { TablePaginationConfig } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSizes } from '@turnpike/contract';
import { usePageSize } from './page-size';

/** What a paged table page needs: the current page and size, a way to go back to page 1, and its pagination. */
export interface TablePaging {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** The antd pagination for `total` rows (omit it for tables paged in the browser); a size change is stored and returns to page 1. */
  pagination: (total?: number) => TablePaginationConfig;
}

/** Paging state for one table. */
export function useTablePaging(): TablePaging {
  const { t } = useTranslation();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const pagination = useCallback(
    (total?: number): TablePaginationConfig => ({
      current: page,
      pageSize,
      ...(total === undefined ? {} : { total }),
      showSizeChanger: true,
      pageSizeOptions: PageSizes.map(String),
      showTotal: (all, range) => t('common.paginationTotal', { start: range[0], end: range[1], total: all }),
      onChange: (nextPage, nextSize) => {
        if (nextSize !== pageSize) {
          setPageSize(nextSize);
          setPage(1);
        } else {
          setPage(nextPage);
        }
      },
    }),
    [page, pageSize, setPageSize, t],
  );
  return { page, pageSize, setPage, pagination };
}
