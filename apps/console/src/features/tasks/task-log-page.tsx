// The task log (/task): filters, the table of creative tasks (admin-only channel column) with a progress circle,
// time spent, platform, type, status and failure reason; a task id opens the whole record as JSON. Further pages
// are fetched when the last loaded page is reached.
import { useMemo, useState, type HTMLAttributes } from 'react';
import { Button, Card, Empty, Modal, Progress, Result, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TaskLogItem } from '@turnpike/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isAdminUser, useSessionUser } from '../../lib/session';
import { useTablePaging } from '../../lib/table-paging';
import { formatTimestamp } from '../../lib/timestamp-format';
import { usePagedRows, useTaskLog, type TaskFilters } from './task-api';
import { ChannelTag, JsonRecordModal, LongTextCell, TaskFilterBar, TimeSpentTag } from './task-cells';
import { defaultTaskWindow, progressPercent, reachableRows, taskActionInfo, taskPlatformInfo, taskStatusInfo, videoResultPath } from './task-rules';

function initialFilters(): TaskFilters {
  const window = defaultTaskWindow();
  return { channelId: '', taskId: '', startTimestamp: window.start, endTimestamp: window.end };
}

function buildColumns(t: TFunction, admin: boolean, userId: number | undefined, showRecord: (record: TaskLogItem) => void, playVideo: (path: string) => void): ColumnsType<TaskLogItem> {
  const columns: Array<ColumnsType<TaskLogItem>[number] & { adminOnly?: boolean }> = [
    { key: 'submit_time', title: t('tasks.columns.submitTime'), render: (_, record) => formatTimestamp(record.submit_time) },
    { key: 'finish_time', title: t('tasks.columns.finishTime'), render: (_, record) => formatTimestamp(record.finish_time) },
    {
      key: 'progress',
      title: t('tasks.columns.progress'),
      render: (_, record) => (
        <span data-testid={`task-progress-${record.id}`} data-percent={progressPercent(record.progress)}>
          <Progress type="circle" size={40} percent={progressPercent(record.progress)} status={record.status === 'FAILURE' ? 'exception' : record.status === 'SUCCESS' ? 'success' : 'normal'} />
        </span>
      ),
    },
    { key: 'time_spent', title: t('tasks.columns.timeSpent'), render: (_, record) => <TimeSpentTag submit={record.submit_time} finish={record.finish_time} unit="s" testId={`task-time-${record.id}`} /> },
    { key: 'channel', adminOnly: true, title: t('tasks.columns.channel'), render: (_, record) => <ChannelTag id={record.channel_id} testId={`task-channel-${record.id}`} /> },
    {
      key: 'platform',
      title: t('tasks.columns.platform'),
      render: (_, record) => {
        const info = taskPlatformInfo(record.platform);
        return (
          <Tag color={info.color} data-testid={`task-platform-${record.id}`}>
            {t(`tasks.platforms.${info.key}` as 'tasks.platforms.unknown')}
          </Tag>
        );
      },
    },
    {
      key: 'action',
      title: t('tasks.columns.action'),
      render: (_, record) => {
        const info = taskActionInfo(record.action);
        return (
          <Tag color={info.color} data-testid={`task-action-${record.id}`}>
            {t(`tasks.actions.${info.key}` as 'tasks.actions.unknown')}
          </Tag>
        );
      },
    },
    {
      key: 'task_id',
      title: t('tasks.columns.taskId'),
      render: (_, record) => (
        <Typography.Link onClick={() => showRecord(record)} data-testid={`task-id-${record.id}`}>
          {record.task_id}
        </Typography.Link>
      ),
    },
    {
      key: 'status',
      title: t('tasks.columns.status'),
      render: (_, record) => {
        const info = taskStatusInfo(record.status);
        return (
          <Tag color={info.color} data-testid={`task-status-${record.id}`}>
            {t(`tasks.statuses.${info.key}` as 'tasks.statuses.unknown')}
          </Tag>
        );
      },
    },
    {
      key: 'result',
      title: t('tasks.columns.result'),
      render: (_, record) => {
        const path = videoResultPath(record, userId);
        return path ? (
          <Button size="small" onClick={() => playVideo(path)} data-testid={`task-play-${record.id}`}>
            {t('tasks.playVideo')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('tasks.noImage')}</Typography.Text>
        );
      },
    },
    { key: 'fail_reason', title: t('tasks.columns.failReason'), render: (_, record) => <LongTextCell text={record.fail_reason} testId={`task-fail-${record.id}`} /> },
  ];
  return columns.filter((column) => admin || !column.adminOnly).map(({ adminOnly: _adminOnly, ...column }) => column);
}

/** The /task page. */
export default function TaskLogPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const admin = isAdminUser(user);
  const [video, setVideo] = useState<string | null>(null);
  const [filters, setFilters] = useState<TaskFilters>(initialFilters);
  const [record, setRecord] = useState<TaskLogItem | null>(null);
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const log = useTaskLog<TaskLogItem>('task', filters, admin, pageSize);
  const { query, rows, total } = log;
  const visible = usePagedRows(log, page, pageSize);
  const columns = useMemo(() => buildColumns(t, admin, user?.id, setRecord, setVideo), [t, admin, user?.id]);

  return (
    <Card data-testid="task-log-page" title={t('tasks.taskTitle')}>
      <TaskFilterBar
        admin={admin}
        applied={filters}
        initial={initialFilters}
        testIdPrefix="task"
        onApply={(next) => {
          if (JSON.stringify(next) === JSON.stringify(filters)) void query.refetch();
          setFilters(next);
          setPage(1);
        }}
      />
      {query.isError && !query.data ? (
        <Result status="warning" title={t('tasks.loadFailed')} data-testid="task-error" extra={<Button onClick={() => void query.refetch()}>{t('tasks.retry')}</Button>} />
      ) : (
        <Table<TaskLogItem>
          rowKey="id"
          size="small"
          data-testid="task-table"
          columns={columns}
          dataSource={visible}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tasks.empty')} /> }}
          onRow={(row) => ({ 'data-testid': `task-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
          pagination={pagination(reachableRows(rows.length, total, pageSize))}
        />
      )}
      <JsonRecordModal record={record} onClose={() => setRecord(null)} />
      <Modal open={video !== null} title={t('tasks.videoTitle')} footer={null} onCancel={() => setVideo(null)} destroyOnHidden width="min(720px, 100vw - 32px)">
        {/* The file streams through the gateway's content route with the console session. */}
        {video ? <video data-testid="task-video" src={video} controls autoPlay muted playsInline style={{ width: '100%', maxHeight: '70vh', background: '#000' }} /> : null}
      </Modal>
    </Card>
  );
}
