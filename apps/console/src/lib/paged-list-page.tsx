// A searchable, server-paged list page: search boxes, search and add buttons, the table, and the row status/delete wiring.
import { useCallback, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Button, Card, Empty, Input, Result, Table } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { notify } from './notify';
import { useTablePaging, type TablePaging } from './table-paging';
import { useIsMobile } from './use-is-mobile';

/** One text box of the search bar; `name` is both the input's name and the key of the applied search. */
export interface ListSearchField<K extends string> {
  name: K;
  placeholder: string;
  /** Widest the box grows on a desktop (px); on a phone it takes the row. */
  maxWidth: number;
  testId: string;
  /** Turns the typed text into the applied value; trimmed when omitted. */
  normalize?: (text: string) => string;
}

/** The search bar's typed and applied values, with the table paging they reset. */
export interface PagedListSearch<K extends string> extends TablePaging {
  fields: readonly ListSearchField<K>[];
  inputs: Readonly<Record<K, string>>;
  setInput: (name: K, text: string) => void;
  /** The values the list is loaded with; they change only on search. */
  applied: Readonly<Record<K, string>>;
  /** Applies the typed values and returns to page 1. */
  apply: () => void;
}

function emptyValues<K extends string>(fields: readonly ListSearchField<K>[]): Record<K, string> {
  return Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<K, string>;
}

/** Search and paging state of a paged list page with the given search boxes. */
export function usePagedListSearch<K extends string>(fields: readonly ListSearchField<K>[]): PagedListSearch<K> {
  const paging = useTablePaging();
  const { setPage } = paging;
  const [inputs, setInputs] = useState(() => emptyValues(fields));
  const [applied, setApplied] = useState(() => emptyValues(fields));
  const setInput = useCallback((name: K, text: string) => setInputs((current) => ({ ...current, [name]: text })), []);
  const apply = (): void => {
    const next = emptyValues(fields);
    for (const field of fields) next[field.name] = (field.normalize ?? ((text: string) => text.trim()))(inputs[field.name]);
    setApplied(next);
    setPage(1);
  };
  return { ...paging, fields, inputs, setInput, applied, apply };
}

/** A mutation as the row hooks use it: the variables it runs with, and whether it is running. */
export interface RowMutation<V> {
  mutate: (variables: V, options?: { onSuccess?: () => void }) => void;
  isPending: boolean;
  variables?: V;
}

/** The row actions a list page offers, and the id of the row one of them is changing. */
export interface RowMutations<Row> {
  busyId: number | null;
  onSetStatus: (row: Row, status: number) => void;
  onDelete: (row: Row) => void;
}

/** Wires a list's status and delete mutations to its rows, with a success toast (translated text) for each. */
export function useRowMutations<Row extends { id: number }>(
  setStatus: RowMutation<{ id: number; status: number }>,
  remove: RowMutation<number>,
  notices: { statusUpdated: string; deleted: string },
): RowMutations<Row> {
  const { mutate: mutateStatus } = setStatus;
  const { mutate: mutateDelete } = remove;
  const { statusUpdated, deleted } = notices;
  const busyId = setStatus.isPending ? (setStatus.variables?.id ?? null) : remove.isPending ? (remove.variables ?? null) : null;
  const onSetStatus = useCallback(
    (row: Row, status: number) => mutateStatus({ id: row.id, status }, { onSuccess: () => notify.success(statusUpdated) }),
    [mutateStatus, statusUpdated],
  );
  const onDelete = useCallback((row: Row) => mutateDelete(row.id, { onSuccess: () => notify.success(deleted) }), [mutateDelete, deleted]);
  return { busyId, onSetStatus, onDelete };
}

/** What the page shows of its list query. */
export interface PagedListQuery<Row> {
  data?: { items: Row[]; total: number };
  isError: boolean;
  isFetching: boolean;
}

/** Props of the list page. */
export interface PagedListPageProps<Row extends { id: number }, K extends string> {
  title: string;
  /** Test ids of the parts: `<prefix>-page`, `-search-submit`, `-add`, `-error`, `-table`. */
  testIdPrefix: string;
  /** Test id prefix of the rows: `<rowTestIdPrefix>-row-<id>`. */
  rowTestIdPrefix: string;
  search: PagedListSearch<K>;
  list: PagedListQuery<Row>;
  columns: ColumnsType<Row>;
  addLabel: string;
  onAdd: () => void;
  emptyText: string;
  /** Shown above the search bar. */
  notice?: ReactNode;
  /** The page's drawers and dialogs. */
  children?: ReactNode;
}

/** A card with the search bar, the add button and the paged table (a warning instead when the first load fails). */
export function PagedListPage<Row extends { id: number }, K extends string>({
  title,
  testIdPrefix,
  rowTestIdPrefix,
  search,
  list,
  columns,
  addLabel,
  onAdd,
  emptyText,
  notice,
  children,
}: PagedListPageProps<Row, K>) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Card title={title} data-testid={`${testIdPrefix}-page`}>
      {notice}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
        {search.fields.map((field) => (
          <Input
            key={field.name}
            name={field.name}
            allowClear
            value={search.inputs[field.name]}
            onChange={(event) => search.setInput(field.name, event.target.value)}
            onPressEnter={search.apply}
            placeholder={field.placeholder}
            style={{ flex: '1 1 180px', maxWidth: isMobile ? undefined : field.maxWidth }}
            data-testid={field.testId}
          />
        ))}
        <Button icon={<SearchOutlined />} onClick={search.apply} data-testid={`${testIdPrefix}-search-submit`}>
          {t('common.search')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={`${testIdPrefix}-add`}>
          {addLabel}
        </Button>
      </div>
      {list.isError && !list.data ? (
        <Result status="warning" title={t('common.loadFailed')} data-testid={`${testIdPrefix}-error`} />
      ) : (
        <Table<Row>
          rowKey="id"
          data-testid={`${testIdPrefix}-table`}
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          onRow={(row) => ({ 'data-testid': `${rowTestIdPrefix}-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
          pagination={search.pagination(list.data?.total ?? 0)}
        />
      )}
      {children}
    </Card>
  );
}
