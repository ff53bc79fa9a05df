// The admin's view of top-up orders on the wallet page: every user's orders, search by trade number, and completing
// a stuck pending order (the server credits it exactly once).
import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SearchOutlined } from '@ant-design/icons';
import { TopupStatus, type TopupOrder } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { renderQuota } from '../../lib/quota-format';
import { useTablePaging } from '../../lib/table-paging';
import { formatTimestamp } from '../../lib/timestamp-format';
import { useCompleteTopup, useTopupOrders } from './wallet-api';

/** The orders table with its search box (admins only; the page decides). */
export function TopupOrdersCard() {
  const { t } = useTranslation();
  const paging = useTablePaging();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const list = useTopupOrders('all', { page: paging.page, pageSize: paging.pageSize, keyword });
  const complete = useCompleteTopup();
  const search = (): void => {
    setKeyword(input.trim());
    paging.setPage(1);
  };

  const columns: ColumnsType<TopupOrder> = [
    { title: t('wallet.orders.tradeNo'), dataIndex: 'trade_no', render: (value: string) => <code>{value}</code> },
    { title: t('wallet.orders.user'), dataIndex: 'user_id' },
    { title: t('wallet.orders.amount'), dataIndex: 'amount', render: (_value, row) => `${row.amount} (${renderQuota(row.quota)})` },
    { title: t('wallet.orders.money'), dataIndex: 'money', render: (value: number) => value.toFixed(2) },
    { title: t('wallet.orders.method'), dataIndex: 'payment_method' },
    {
      title: t('wallet.orders.status'),
      dataIndex: 'status',
      render: (value: string) =>
        value === TopupStatus.Success ? <Tag color="green">{t('wallet.orders.success')}</Tag> : <Tag color="orange">{t('wallet.orders.pending')}</Tag>,
    },
    { title: t('wallet.orders.created'), dataIndex: 'created_at', render: (value: number) => formatTimestamp(value) },
    { title: t('wallet.orders.completed'), dataIndex: 'completed_at', render: (value: number) => (value > 0 ? formatTimestamp(value) : '—') },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_value, row) =>
        row.status === TopupStatus.Pending ? (
          <Popconfirm
            title={t('wallet.orders.completeConfirm', { tradeNo: row.trade_no })}
            onConfirm={() => complete.mutate(row.trade_no, { onSuccess: () => notify.success(t('wallet.orders.completedNotice')) })}
            okButtonProps={{ 'data-testid': 'wallet-order-complete-ok' } as React.ComponentProps<typeof Button>}
          >
            <Button size="small" loading={complete.isPending && complete.variables === row.trade_no} data-testid={`wallet-order-complete-${row.id}`}>
              {t('wallet.orders.complete')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Card title={t('wallet.orders.title')} data-testid="wallet-orders-card">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
        <Input
          name="trade_no"
          allowClear
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onPressEnter={search}
          placeholder={t('wallet.orders.searchPlaceholder')}
          style={{ flex: '1 1 200px', maxWidth: 320 }}
          data-testid="wallet-orders-search"
        />
        <Button icon={<SearchOutlined />} onClick={search} data-testid="wallet-orders-search-submit">
          {t('common.search')}
        </Button>
      </div>
      <Table<TopupOrder>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={paging.pagination(list.data?.total ?? 0)}
        onRow={(row) => ({ 'data-testid': `wallet-order-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        data-testid="wallet-orders-table"
      />
    </Card>
  );
}
