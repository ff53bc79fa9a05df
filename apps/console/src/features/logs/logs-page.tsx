// The usage log page (/log): stat tags, filters, the paged table with expandable cost details, column settings.
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Result, Space, Table, Tag, Tooltip } from 'antd';
import type { UsageLogItem } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { useTablePaging } from '../../lib/table-paging';
import { formatCompactNumber, renderQuota } from '../../lib/quota-format';
import { isAdminUser, useSessionUser } from '../../lib/session';
import { StorageKeys } from '../../lib/storage';
import { useStoredValue } from '../../lib/stored-value';
import { buildLogColumns } from './logs-columns';
import { LogColumnSettings } from './logs-column-settings';
import { LogCostDetails } from './logs-cost-details';
import { initialLogFilters, LogsFilterBar } from './logs-filter-bar';
import { useLogList, useLogStat, type LogFilters } from './logs-api';
import { hasExpandableDetails, parseColumnVisibility } from './logs-rules';

function StatTags({ filters, admin }: { filters: LogFilters; admin: boolean }) {
  const { t } = useTranslation();
  const stat = useLogStat(filters, admin);
  const value = stat.data ?? { quota: 0, rpm: 0, tpm: 0 };
  return (
    <Tooltip title={t('logs.statHint')}>
      <Space size={4} wrap data-testid="logs-stat" style={{ opacity: stat.isFetching ? 0.6 : 1 }}>
        <Tag color="blue" data-testid="logs-stat-quota">
          {t('logs.consumedQuota', { quota: renderQuota(value.quota) })}
        </Tag>
        <Tag color="pink" data-testid="logs-stat-rpm">
          {t('logs.rpm', { value: formatCompactNumber(value.rpm) })}
        </Tag>
        <Tag color="gold" data-testid="logs-stat-tpm">
          {t('logs.tpm', { value: formatCompactNumber(value.tpm) })}
        </Tag>
      </Space>
    </Tooltip>
  );
}

/** The /log page: admins read everyone's logs, users their own. */
export default function LogsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const admin = isAdminUser(useSessionUser());
  const [filters, setFilters] = useState<LogFilters>(initialLogFilters);
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [columnsOpen, setColumnsOpen] = useState(false);
  const visibility = useStoredValue(StorageKeys.logsTableColumns, parseColumnVisibility);
  const list = useLogList(filters, { page, pageSize }, admin);
  const columns = useMemo(() => buildLogColumns({ t, admin, visibility }), [t, admin, visibility]);

  const apply = (next: LogFilters) => {
    if (JSON.stringify(next) === JSON.stringify(filters)) {
      // The same filters again: the query button still reloads the page and the stat tags.
      void queryClient.invalidateQueries({ queryKey: ['logs'] });
      void queryClient.invalidateQueries({ queryKey: ['log-stat'] });
      return;
    }
    setFilters(next);
    setPage(1);
  };

  return (
    <Card
      data-testid="logs-page"
      title={
        <Space wrap size={[12, 4]} style={{ padding: '8px 0' }}>
          <span>{t('logs.title')}</span>
          <StatTags filters={filters} admin={admin} />
        </Space>
      }
    >
      <LogsFilterBar admin={admin} applied={filters} onApply={apply} onOpenColumns={() => setColumnsOpen(true)} />
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t('logs.loadFailed')}
          data-testid="logs-error"
          extra={
            <Button type="primary" onClick={() => void list.refetch()}>
              {t('logs.retry')}
            </Button>
          }
        />
      ) : (
        <Table<UsageLogItem>
          rowKey="id"
          size="small"
          data-testid="logs-table"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('logs.empty')} data-testid="logs-empty" /> }}
          onRow={(record) => ({ 'data-testid': `log-row-${record.id}` }) as HTMLAttributes<HTMLElement>}
          expandable={{
            // A fixed expand column makes antd draw expanded rows at the visible width of the scrolled table.
            fixed: 'left',
            expandedRowRender: (record) => <LogCostDetails record={record} admin={admin} />,
            rowExpandable: hasExpandableDetails,
          }}
          pagination={pagination(list.data?.total ?? 0)}
        />
      )}
      <LogColumnSettings open={columnsOpen} admin={admin} visibility={visibility} onClose={() => setColumnsOpen(false)} />
    </Card>
  );
}
