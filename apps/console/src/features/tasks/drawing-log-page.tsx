// The drawing log (/midjourney): filters, the table of drawing tasks (admin-only channel, submit result and status
// columns), progress bars, the image viewer, long-text modals; further pages are fetched when the last loaded page
// is reached. Admins see a notice while the drawing callback (MjNotifyEnabled) is off.
import { useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Empty, Image, Progress, Result, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DrawingLogItem } from '@turnpike/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isAdminUser, useSessionUser } from '../../lib/session';
import { StorageKeys } from '../../lib/storage';
import { useStoredString } from '../../lib/stored-value';
import { useTablePaging } from '../../lib/table-paging';
import { formatTimestamp } from '../../lib/timestamp-format';
import { usePagedRows, useTaskLog, type TaskFilters } from './task-api';
import { ChannelTag, LongTextCell, TaskFilterBar, TimeSpentTag } from './task-cells';
import { defaultDrawingWindow, drawingActionInfo, drawingStatusInfo, progressPercent, reachableRows, submitCodeInfo } from './task-rules';

function initialFilters(): TaskFilters {
  const window = defaultDrawingWindow();
  return { channelId: '', taskId: '', startTimestamp: window.start, endTimestamp: window.end };
}

function ImageCell({ record, t }: { record: DrawingLogItem; t: TFunction }) {
  const [open, setOpen] = useState(false);
  if (!record.image_url) return <Typography.Text type="secondary">{t('tasks.noImage')}</Typography.Text>;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`drawing-image-${record.id}`}>
        {t('tasks.viewImage')}
      </Button>
      <Image style={{ display: 'none' }} src={record.image_url} preview={{ visible: open, src: record.image_url, onVisibleChange: (visible) => setOpen(visible) }} />
    </>
  );
}

function buildColumns(t: TFunction, admin: boolean): ColumnsType<DrawingLogItem> {
  const columns: Array<ColumnsType<DrawingLogItem>[number] & { adminOnly?: boolean }> = [
    { key: 'submit_time', title: t('tasks.columns.submitTime'), render: (_, record) => formatTimestamp(Math.floor(record.submit_time / 1000)) },
    { key: 'time_spent', title: t('tasks.columns.timeSpent'), render: (_, record) => <TimeSpentTag submit={record.submit_time} finish={record.finish_time} unit="ms" testId={`drawing-time-${record.id}`} /> },
    { key: 'channel', adminOnly: true, title: t('tasks.columns.channel'), render: (_, record) => <ChannelTag id={record.channel_id} testId={`drawing-channel-${record.id}`} /> },
    {
      key: 'action',
      title: t('tasks.columns.action'),
      render: (_, record) => {
        const info = drawingActionInfo(record.action);
        return (
          <Tag color={info.color} data-testid={`drawing-action-${record.id}`}>
            {t(`tasks.actions.${info.key}` as 'tasks.actions.unknown')}
          </Tag>
        );
      },
    },
    { key: 'mj_id', title: t('tasks.columns.taskId'), render: (_, record) => <Typography.Text copyable={record.mj_id ? { text: record.mj_id } : false}>{record.mj_id}</Typography.Text> },
    {
      key: 'code',
      adminOnly: true,
      title: t('tasks.columns.code'),
      render: (_, record) => {
        const info = submitCodeInfo(record.code);
        return (
          <Tag color={info.color} data-testid={`drawing-code-${record.id}`}>
            {t(`tasks.codes.${info.key}` as 'tasks.codes.unknown')}
          </Tag>
        );
      },
    },
    {
      key: 'status',
      adminOnly: true,
      title: t('tasks.columns.status'),
      render: (_, record) => {
        const info = drawingStatusInfo(record.status);
        return (
          <Tag color={info.color} data-testid={`drawing-status-${record.id}`}>
            {t(`tasks.statuses.${info.key}` as 'tasks.statuses.unknown')}
          </Tag>
        );
      },
    },
    {
      key: 'progress',
      title: t('tasks.columns.progress'),
      render: (_, record) => (
        <div style={{ width: 120 }} data-testid={`drawing-progress-${record.id}`} data-percent={progressPercent(record.progress)}>
          <Progress percent={progressPercent(record.progress)} size="small" status={record.status === 'FAILURE' ? 'exception' : record.status === 'SUCCESS' ? 'success' : 'active'} strokeColor={record.status === 'FAILURE' ? 'var(--ant-color-warning, #faad14)' : undefined} />
        </div>
      ),
    },
    { key: 'image', title: t('tasks.columns.image'), render: (_, record) => <ImageCell record={record} t={t} /> },
    { key: 'prompt', title: t('tasks.columns.prompt'), render: (_, record) => <LongTextCell text={record.prompt} testId={`drawing-prompt-${record.id}`} /> },
    { key: 'prompt_en', title: t('tasks.columns.promptEn'), render: (_, record) => <LongTextCell text={record.prompt_en} testId={`drawing-prompt-en-${record.id}`} /> },
    { key: 'fail_reason', title: t('tasks.columns.failReason'), render: (_, record) => <LongTextCell text={record.fail_reason} testId={`drawing-fail-${record.id}`} /> },
  ];
  return columns.filter((column) => admin || !column.adminOnly).map(({ adminOnly: _adminOnly, ...column }) => column);
}

/** The /midjourney page. */
export default function DrawingLogPage() {
  const { t } = useTranslation();
  const admin = isAdminUser(useSessionUser());
  const notifyEnabled = useStoredString(StorageKeys.mjNotifyEnabled) === 'true';
  const [filters, setFilters] = useState<TaskFilters>(initialFilters);
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const log = useTaskLog<DrawingLogItem>('drawing', filters, admin, pageSize);
  const { query, rows, total } = log;
  const visible = usePagedRows(log, page, pageSize);
  const columns = useMemo(() => buildColumns(t, admin), [t, admin]);

  return (
    <Card data-testid="drawing-log-page" title={t('tasks.drawingTitle')}>
      {admin && !notifyEnabled ? <Alert type="warning" showIcon message={t('tasks.notifyOff')} style={{ marginBottom: 16 }} data-testid="drawing-notify-off" /> : null}
      <TaskFilterBar
        admin={admin}
        applied={filters}
        initial={initialFilters}
        testIdPrefix="drawing"
        onApply={(next) => {
          if (JSON.stringify(next) === JSON.stringify(filters)) void query.refetch();
          setFilters(next);
          setPage(1);
        }}
      />
      {query.isError && !query.data ? (
        <Result status="warning" title={t('tasks.loadFailed')} data-testid="drawing-error" extra={<Button onClick={() => void query.refetch()}>{t('tasks.retry')}</Button>} />
      ) : (
        <Table<DrawingLogItem>
          rowKey="id"
          size="small"
          data-testid="drawing-table"
          columns={columns}
          dataSource={visible}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} /> }}
          onRow={(record) => ({ 'data-testid': `drawing-row-${record.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={pagination(reachableRows(rows.length, total, pageSize))}
        />
      )}
    </Card>
  );
}
