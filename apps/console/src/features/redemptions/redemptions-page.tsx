// The redemption code page (/redemption, admin): search by id or name, paged table, create/edit drawer, created-codes dialog.
import { useMemo, useState } from 'react';
import { Button, Card, Empty, Input, Result, Table } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useTablePaging } from '../../lib/table-paging';
import { useIsMobile } from '../../lib/use-is-mobile';
import { RedemptionCodesModal } from './redemption-codes-modal';
import { RedemptionEditDrawer, type RedemptionDrawerTarget } from './redemption-edit-drawer';
import { buildRedemptionColumns } from './redemptions-columns';
import { useDeleteRedemption, useRedemptionList, useSetRedemptionStatus, type RedemptionRecord } from './redemptions-api';

/** The /redemption page. */
export default function RedemptionsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [drawer, setDrawer] = useState<RedemptionDrawerTarget>(null);
  const [created, setCreated] = useState<{ codes: string[]; name: string }>({ codes: [], name: '' });
  const list = useRedemptionList({ page, pageSize, keyword });
  const setStatus = useSetRedemptionStatus();
  const deleteCode = useDeleteRedemption();
  const { mutate: mutateStatus } = setStatus;
  const { mutate: mutateDelete } = deleteCode;
  const busyId = setStatus.isPending ? (setStatus.variables?.id ?? null) : deleteCode.isPending ? (deleteCode.variables ?? null) : null;

  const columns = useMemo(
    () =>
      buildRedemptionColumns({
        t,
        busyId,
        isMobile,
        onSetStatus: (code: RedemptionRecord, status: number) =>
          mutateStatus({ id: code.id, status }, { onSuccess: () => notify.success(t('redemptions.statusUpdated')) }),
        onEdit: (code: RedemptionRecord) => setDrawer(code.id),
        onDelete: (code: RedemptionRecord) => mutateDelete(code.id, { onSuccess: () => notify.success(t('redemptions.deleted')) }),
      }),
    [t, busyId, isMobile, mutateStatus, mutateDelete],
  );

  const applySearch = (): void => {
    setKeyword(keywordInput.trim());
    setPage(1);
  };

  return (
    <Card title={t('redemptions.title')} data-testid="redemptions-page">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
        <Input
          name="keyword"
          allowClear
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onPressEnter={applySearch}
          placeholder={t('redemptions.searchPlaceholder')}
          style={{ flex: '1 1 180px', maxWidth: isMobile ? undefined : 260 }}
          data-testid="redemptions-search-keyword"
        />
        <Button icon={<SearchOutlined />} onClick={applySearch} data-testid="redemptions-search-submit">
          {t('common.search')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer('new')} data-testid="redemptions-add">
          {t('redemptions.add')}
        </Button>
      </div>
      {list.isError && !list.data ? (
        <Result status="warning" title={t('common.loadFailed')} data-testid="redemptions-error" />
      ) : (
        <Table<RedemptionRecord>
          rowKey="id"
          data-testid="redemptions-table"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          onRow={(code) => ({ 'data-testid': `redemption-row-${code.id}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('redemptions.empty')} /> }}
          pagination={pagination(list.data?.total ?? 0)}
        />
      )}
      <RedemptionEditDrawer target={drawer} onClose={() => setDrawer(null)} onCreated={(codes, name) => setCreated({ codes, name })} />
      <RedemptionCodesModal codes={created.codes} name={created.name} onClose={() => setCreated({ codes: [], name: '' })} />
    </Card>
  );
}
