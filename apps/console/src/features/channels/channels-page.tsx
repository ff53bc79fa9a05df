// The admin channel page (/channel, /channel/add, /channel/edit/{id}): search, toolbar, table with tag mode, drawers and dialogs.
import { useCallback, useEffect, useMemo, useState, type HTMLAttributes, type Key } from 'react';
import { Alert, Button, Card, ConfigProvider, Empty, Table } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSizes } from '@turnpike/contract';
import { notify } from '../../lib/notify';
import { usePageSize } from '../../lib/page-size';
import { StorageKeys, writeJson, writeString } from '../../lib/storage';
import { useStoredValue } from '../../lib/stored-value';
import { useIsMobile } from '../../lib/use-is-mobile';
import { BatchTagModal } from './batch-tag-modal';
import { ChannelDrawer, type ChannelDrawerTarget } from './channel-drawer';
import { formatBalance, isTagRow, parseColumnVisibility, parseIdSort, rowKeyOf, selectedChannelIds } from './channel-rules';
import type { ChannelListRow, ChannelRecord, ChannelTagRow } from './channel-types';
import {
  isSearching,
  useBatchDelete,
  useBulkChannelAction,
  useChannelList,
  useCopyChannel,
  useDeleteChannel,
  useEditTag,
  useTagStatus,
  useTestChannel,
  useUpdateBalance,
  useUpdateChannel,
  type ChannelBulkAction,
} from './channels-api';
import { buildChannelColumns } from './channels-columns';
import { ChannelsSearchForm, emptyChannelSearch, type ChannelSearch } from './channels-search-form';
import { ChannelsToolbar } from './channels-toolbar';
import { ColumnSettingsModal } from './column-settings-modal';
import { TagEditDrawer } from './tag-edit-drawer';
import { TestModelModal } from './test-model-modal';
import { UpstreamUseModal } from './upstream-use-modal';

/** The drawer target named by the route: /channel/add creates, /channel/edit/{id} edits; stable while the route stays. */
function useDrawerTarget(): ChannelDrawerTarget {
  const params = useParams();
  const location = useLocation();
  const adding = location.pathname.replace(/\/+$/, '') === '/channel/add';
  const id = Number.parseInt(params.id ?? '', 10);
  const editId = Number.isFinite(id) && id > 0 ? id : null;
  return useMemo<ChannelDrawerTarget>(() => {
    if (adding) return { mode: 'create' };
    return editId === null ? null : { mode: 'edit', id: editId };
  }, [adding, editId]);
}

/** A set of ids with add/remove helpers, for the rows whose test or balance request is in flight. */
function useBusyIds(): [ReadonlySet<number>, (id: number, busy: boolean) => void] {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const mark = useCallback((id: number, busy: boolean) => {
    setIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return [ids, mark];
}

const bulkMessages = {
  testAll: 'channels.toolbar.testAllStarted',
  updateBalances: 'channels.toolbar.balancesUpdated',
  deleteDisabled: 'channels.toolbar.deletedCount',
  fix: 'channels.toolbar.fixedCount',
} as const;

/** The /channel page; /channel/add and /channel/edit/{id} open the drawer over it. */
export default function ChannelsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const drawerTarget = useDrawerTarget();
  const [pageSize, setPageSize] = usePageSize();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<ChannelSearch>(emptyChannelSearch);
  const [tagMode, setTagMode] = useState(false);
  const idSort = useStoredValue(StorageKeys.idSort, parseIdSort);
  const visibility = useStoredValue(StorageKeys.channelsTableColumns, parseColumnVisibility);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const [testingIds, markTesting] = useBusyIds();
  const [balanceIds, markBalance] = useBusyIds();
  const [testModelChannel, setTestModelChannel] = useState<ChannelRecord | null>(null);
  const [upstreamUseChannel, setUpstreamUseChannel] = useState<ChannelRecord | null>(null);
  const [editingTag, setEditingTag] = useState<string | null>(null);
  const [batchTagOpen, setBatchTagOpen] = useState(false);
  const [columnsOpen, setColumnsOpen] = useState(false);

  const list = useChannelList({ page, pageSize, ...search, idSort, tagMode });
  const testChannel = useTestChannel();
  const updateBalance = useUpdateBalance();
  const updateChannel = useUpdateChannel();
  const deleteChannel = useDeleteChannel();
  const copyChannel = useCopyChannel();
  const tagStatus = useTagStatus();
  const editTag = useEditTag();
  const bulk = useBulkChannelAction();
  const batchDelete = useBatchDelete();
  const selectedIds = selectedChannelIds(selectedKeys);

  const resetView = (): void => {
    setPage(1);
    setSelectedKeys([]);
  };

  const columns = useMemo(
    () =>
      buildChannelColumns({
        t,
        isMobile,
        visibility,
        testingIds,
        balanceIds,
        onTest: (channel) => {
          markTesting(channel.id, true);
          testChannel
            .mutateAsync({ id: channel.id })
            .then((seconds) => notify.success(t('channels.messages.testSucceeded', { name: channel.name, seconds: seconds.toFixed(2) })))
            .catch(() => undefined)
            .finally(() => markTesting(channel.id, false));
        },
        onPickTestModel: setTestModelChannel,
        onUpstreamUse: setUpstreamUseChannel,
        onSetStatus: (channel, status) => {
          updateChannel
            .mutateAsync({ id: channel.id, status })
            .then(() => notify.success(t(status === 1 ? 'channels.messages.enabled' : 'channels.messages.disabled')))
            .catch(() => undefined);
        },
        onEdit: (channel) => void navigate(`/channel/edit/${channel.id}`),
        onCopy: (channel) => {
          copyChannel
            .mutateAsync(channel.id)
            .then(() => notify.success(t('channels.messages.copied')))
            .catch(() => undefined);
        },
        onDelete: (channel) => {
          deleteChannel
            .mutateAsync(channel.id)
            .then(() => {
              notify.success(t('channels.messages.deleted'));
              setSelectedKeys((keys) => keys.filter((key) => key !== channel.id));
            })
            .catch(() => undefined);
        },
        onSetTagStatus: (tag, enable) => {
          tagStatus
            .mutateAsync({ tag, enable })
            .then((count) => notify.success(t(enable ? 'channels.messages.tagEnabled' : 'channels.messages.tagDisabled', { count })))
            .catch(() => undefined);
        },
        onEditTag: (row: ChannelTagRow) => setEditingTag(row.tag),
        onUpdateBalance: (row) => {
          if (isTagRow(row)) return;
          markBalance(row.id, true);
          updateBalance
            .mutateAsync(row.id)
            .then((balance) => notify.success(t('channels.messages.balanceUpdated', { name: row.name, balance: formatBalance(row.type, balance) })))
            .catch(() => undefined)
            .finally(() => markBalance(row.id, false));
        },
        onCommitNumber: (row, field, value) => {
          if (isTagRow(row)) {
            return editTag.mutateAsync({ tag: row.tag, [field]: value }).then((count) => notify.success(t('channels.messages.tagUpdated', { count })));
          }
          return updateChannel
            .mutateAsync({ id: row.id, [field]: value })
            .then(() => notify.success(t(field === 'priority' ? 'channels.messages.priorityUpdated' : 'channels.messages.weightUpdated')));
        },
      }),
    [t, isMobile, visibility, testingIds, balanceIds, markTesting, markBalance, testChannel, updateChannel, copyChannel, deleteChannel, tagStatus, editTag, updateBalance, navigate],
  );

  const runBulk = (action: ChannelBulkAction): void => {
    bulk.mutate(action, {
      onSuccess: (count) => {
        notify.success(t(bulkMessages[action], { count }));
        if (action === 'deleteDisabled') setSelectedKeys([]);
      },
    });
  };

  const runBatchDelete = (): void => {
    if (selectedIds.length === 0) {
      notify.error(t('channels.toolbar.selectionRequired'));
      return;
    }
    batchDelete.mutate(selectedIds, {
      onSuccess: (count) => {
        notify.success(t('channels.messages.batchDeleted', { count }));
        setSelectedKeys([]);
      },
    });
  };

  // The tag rows' expand icon sits in the name column. antd subtracts one for the selection column and the table counts it again.
  const nameColumnIndex = columns.findIndex((column) => column.key === 'name') + 2;

  let runningAction: ChannelBulkAction | 'batchDelete' | null = null;
  if (bulk.isPending && bulk.variables) runningAction = bulk.variables;
  else if (batchDelete.isPending) runningAction = 'batchDelete';

  // Deleting the last rows of the last page leaves it empty: step back to a page that has rows.
  const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / pageSize));
  useEffect(() => {
    if (list.data && !list.isFetching && page > lastPage) setPage(lastPage);
  }, [list.data, list.isFetching, page, lastPage]);

  const loadFailed = list.isError && !list.data;
  const emptyText = loadFailed ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('channels.page.loadError')} />
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={isSearching(search) ? t('channels.page.emptySearch') : t('channels.page.empty')}
      data-testid="channels-empty"
    >
      {isSearching(search) ? null : (
        <Button type="primary" onClick={() => void navigate('/channel/add')} data-testid="channels-empty-add">
          {t('channels.toolbar.add')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Card title={t('channels.title')} data-testid="channels-page" styles={{ body: { padding: isMobile ? 12 : 24 } }}>
      <ChannelsSearchForm
        onSearch={(next) => {
          setSearch(next);
          resetView();
        }}
      />
      <ChannelsToolbar
        selectedCount={selectedIds.length}
        tagMode={tagMode}
        idSort={idSort}
        runningAction={runningAction}
        refreshing={list.isFetching}
        onAdd={() => void navigate('/channel/add')}
        onBulkAction={runBulk}
        onBatchDelete={runBatchDelete}
        onBatchTag={() => (selectedIds.length === 0 ? notify.error(t('channels.toolbar.selectionRequired')) : setBatchTagOpen(true))}
        onTagModeChange={(value) => {
          setTagMode(value);
          resetView();
        }}
        onIdSortChange={(value) => {
          writeString(StorageKeys.idSort, String(value));
          resetView();
        }}
        onColumns={() => setColumnsOpen(true)}
        onRefresh={() => void list.refetch()}
      />
      {loadFailed ? (
        <Alert
          type="error"
          showIcon
          title={t('channels.page.loadError')}
          description={list.error?.message}
          action={
            <Button size="small" onClick={() => void list.refetch()} data-testid="channels-retry">
              {t('channels.page.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
          data-testid="channels-load-error"
        />
      ) : null}
      {/* Two-character Chinese button labels keep their natural spacing in the dense rows. */}
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <Table<ChannelListRow>
          rowKey={rowKeyOf}
          expandable={{ expandIconColumnIndex: nameColumnIndex, indentSize: 12 }}
          data-testid="channels-table"
          size="middle"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText }}
          rowSelection={{ selectedRowKeys: selectedKeys, onChange: (keys) => setSelectedKeys(keys), checkStrictly: false, columnWidth: 40 }}
          onRow={(row) => ({ 'data-testid': isTagRow(row) ? `tag-row-${row.tag}` : `channel-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            size: isMobile ? 'small' : undefined,
            pageSizeOptions: PageSizes.map(String),
            showTotal: (total, range) => t('common.paginationTotal', { start: range[0], end: range[1], total }),
            onChange: (nextPage, nextSize) => {
              if (nextSize !== pageSize) {
                setPageSize(nextSize);
                setPage(1);
              } else {
                setPage(nextPage);
              }
            },
          }}
        />
      </ConfigProvider>
      <ChannelDrawer target={drawerTarget} onClose={() => void navigate('/channel')} />
      <TagEditDrawer tag={editingTag} onClose={() => setEditingTag(null)} />
      <BatchTagModal
        open={batchTagOpen}
        ids={selectedIds}
        onClose={() => setBatchTagOpen(false)}
        onDone={() => {
          setBatchTagOpen(false);
          setSelectedKeys([]);
        }}
      />
      <ColumnSettingsModal
        open={columnsOpen}
        visibility={visibility}
        onClose={() => setColumnsOpen(false)}
        onSave={(next) => {
          writeJson(StorageKeys.channelsTableColumns, next);
          setColumnsOpen(false);
        }}
      />
      <TestModelModal channel={testModelChannel} onClose={() => setTestModelChannel(null)} />
      <UpstreamUseModal channel={upstreamUseChannel} onClose={() => setUpstreamUseChannel(null)} />
    </Card>
  );
}
