// The token page (/token): secret warning, search by name and key, paged table, create/edit drawer.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Result, Table } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useTablePaging } from '../../lib/table-paging';
import { useIsMobile } from '../../lib/use-is-mobile';
import { TokenEditDrawer, type TokenDrawerTarget } from './token-edit-drawer';
import { buildTokenColumns } from './tokens-columns';
import { useDeleteToken, useSetTokenStatus, useTokenList, type TokenRecord } from './tokens-api';

/** The /token page. */
export default function TokensPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [keywordInput, setKeywordInput] = useState('');
  const [tokenInput, setTokenInput] = useState('');
  const [search, setSearch] = useState({ keyword: '', token: '' });
  const [drawer, setDrawer] = useState<TokenDrawerTarget>(null);
  const list = useTokenList({ page, pageSize, ...search });
  const setStatus = useSetTokenStatus();
  const deleteToken = useDeleteToken();
  const { mutate: mutateStatus } = setStatus;
  const { mutate: mutateDelete } = deleteToken;
  const busyTokenId = setStatus.isPending ? (setStatus.variables?.id ?? null) : deleteToken.isPending ? (deleteToken.variables ?? null) : null;

  const columns = useMemo(
    () =>
      buildTokenColumns({
        t,
        busyTokenId,
        isMobile,
        onSetStatus: (token: TokenRecord, status: number) =>
          mutateStatus({ id: token.id, status }, { onSuccess: () => notify.success(t('tokens.statusUpdated')) }),
        onEdit: (token: TokenRecord) => setDrawer(token.id),
        onDelete: (token: TokenRecord) => mutateDelete(token.id, { onSuccess: () => notify.success(t('tokens.deleted')) }),
      }),
    [t, busyTokenId, isMobile, mutateStatus, mutateDelete],
  );

  const applySearch = (): void => {
    setSearch({ keyword: keywordInput.trim(), token: tokenInput.trim().replace(/^sk-/, '') });
    setPage(1);
  };

  return (
    <Card title={t('tokens.title')} data-testid="tokens-page">
      <Alert type="warning" showIcon title={t('tokens.warning')} style={{ marginBottom: 16 }} data-testid="tokens-warning" />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }}>
        <Input
          name="keyword"
          allowClear
          value={keywordInput}
          onChange={(event) => setKeywordInput(event.target.value)}
          onPressEnter={applySearch}
          placeholder={t('tokens.searchName')}
          style={{ flex: '1 1 180px', maxWidth: isMobile ? undefined : 220 }}
          data-testid="tokens-search-keyword"
        />
        <Input
          name="token"
          allowClear
          value={tokenInput}
          onChange={(event) => setTokenInput(event.target.value)}
          onPressEnter={applySearch}
          placeholder={t('tokens.searchKey')}
          style={{ flex: '1 1 180px', maxWidth: isMobile ? undefined : 260 }}
          data-testid="tokens-search-key"
        />
        <Button icon={<SearchOutlined />} onClick={applySearch} data-testid="tokens-search-submit">
          {t('common.search')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawer('new')} data-testid="tokens-add">
          {t('tokens.add')}
        </Button>
      </div>
      {list.isError && !list.data ? (
        <Result status="warning" title={t('common.loadFailed')} data-testid="tokens-error" />
      ) : (
        <Table<TokenRecord>
          rowKey="id"
          data-testid="tokens-table"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          onRow={(token) => ({ 'data-testid': `token-row-${token.id}` }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tokens.empty')} /> }}
          pagination={pagination(list.data?.total ?? 0)}
        />
      )}
      <TokenEditDrawer target={drawer} onClose={() => setDrawer(null)} />
    </Card>
  );
}
