// Cells and the filter bar the drawing log and task log share: channel tag (click copies), time spent, long text
// opening a modal, and the filters (channel for admins, task id, time range).
import { useState } from 'react';
import { Button, Input, Modal, Tag, Typography } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { TimeRangePicker } from '../../lib/time-range-picker';
import { useIsMobile } from '../../lib/use-is-mobile';
import { colorForText } from '../../lib/user-tags';
import type { TaskFilters } from './task-api';
import { timeSpentColor, timeSpentSeconds } from './task-rules';

/** The channel id as a tag coloured by the id; a click copies it. */
export function ChannelTag({ id, testId }: { id: number; testId: string }) {
  if (!id) return null;
  return (
    <Tag color={colorForText(String(id))} style={{ cursor: 'pointer' }} data-testid={testId} onClick={() => void copyWithFeedback(String(id))}>
      {id}
    </Tag>
  );
}

/** Submit to finish in seconds, green up to 60 s and red above; nothing while unfinished. */
export function TimeSpentTag({ submit, finish, unit, testId }: { submit: number; finish: number; unit: 'ms' | 's'; testId: string }) {
  const { t } = useTranslation();
  const seconds = timeSpentSeconds(submit, finish, unit);
  if (seconds === null) return null;
  return (
    <Tag color={timeSpentColor(seconds)} data-testid={testId}>
      {t('tasks.seconds', { value: seconds })}
    </Tag>
  );
}

/** A text cut to one line; a click opens the whole text in a modal. */
export function LongTextCell({ text, testId, width = 200 }: { text: string; testId: string; width?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!text) return null;
  return (
    <>
      <Typography.Text ellipsis style={{ maxWidth: width, cursor: 'pointer', display: 'inline-block' }} onClick={() => setOpen(true)} data-testid={testId}>
        {text}
      </Typography.Text>
      <Modal open={open} title={t('tasks.fullText')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden>
        <Typography.Paragraph copyable style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`${testId}-full`}>
          {text}
        </Typography.Paragraph>
      </Modal>
    </>
  );
}

/** Props of the filter bar. */
export interface TaskFilterBarProps {
  admin: boolean;
  applied: TaskFilters;
  initial: () => TaskFilters;
  onApply: (filters: TaskFilters) => void;
  testIdPrefix: string;
}

/** Filters edited as a draft and applied by the query button or Enter. */
export function TaskFilterBar({ admin, applied, initial, onApply, testIdPrefix }: TaskFilterBarProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [draft, setDraft] = useState<TaskFilters>(applied);
  const submit = () => onApply({ ...draft, channelId: draft.channelId.replace(/\D/g, ''), taskId: draft.taskId.trim() });
  const input = (field: 'channelId' | 'taskId', name: string, label: string, width: number) => (
    <Input
      name={name}
      data-testid={`${testIdPrefix}-filter-${name}`}
      allowClear
      placeholder={label}
      aria-label={label}
      value={draft[field]}
      onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
      onPressEnter={submit}
      style={{ width: isMobile ? '100%' : width }}
    />
  );
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }} data-testid={`${testIdPrefix}-filters`}>
      {admin ? input('channelId', 'channel_id', t('tasks.channelId'), 120) : null}
      {input('taskId', 'task_id', t('tasks.taskId'), 200)}
      <TimeRangePicker
        start={draft.startTimestamp}
        end={draft.endTimestamp}
        onChange={(startTimestamp, endTimestamp) => setDraft((current) => ({ ...current, startTimestamp, endTimestamp }))}
        startLabel={t('tasks.startTime')}
        endLabel={t('tasks.endTime')}
        testIdPrefix={`${testIdPrefix}-filter`}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={submit} data-testid={`${testIdPrefix}-query`}>
        {t('tasks.query')}
      </Button>
      <Button
        icon={<ReloadOutlined />}
        data-testid={`${testIdPrefix}-reset`}
        onClick={() => {
          const fresh = initial();
          setDraft(fresh);
          onApply(fresh);
        }}
      >
        {t('tasks.reset')}
      </Button>
    </div>
  );
}

/** Shows a whole record as formatted JSON in a modal. */
export function JsonRecordModal({ record, onClose }: { record: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={record !== null} title={t('tasks.taskRecord')} footer={null} onCancel={onClose} destroyOnHidden width={640}>
      <pre data-testid="task-record-json" style={{ maxHeight: 480, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {record === null ? '' : JSON.stringify(record, null, 2)}
      </pre>
    </Modal>
  );
}
