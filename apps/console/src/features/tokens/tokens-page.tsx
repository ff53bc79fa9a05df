// The token page (/token): secret warning, search by name and key, paged table, create/edit drawer.
import { useMemo, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedListPage, usePagedListSearch, useRowMutations, type ListSearchField } from '../../lib/paged-list-page';
import { useIsMobile } from '../../lib/use-is-mobile';
import { TokenEditDrawer, type TokenDrawerTarget } from './token-edit-drawer';
import { buildTokenColumns } from './tokens-columns';
import { useDeleteToken, useSetTokenStatus, useTokenList, type TokenRecord } from './tokens-api';

/** The /token page. */
export default function TokensPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const searchFields: ListSearchField<'keyword' | 'token'>[] = [
    { name: 'keyword', placeholder: t('tokens.searchName'), maxWidth: 220, testId: 'tokens-search-keyword' },
    { name: 'token', placeholder: t('tokens.searchKey'), maxWidth: 260, testId: 'tokens-search-key', normalize: (text) => text.trim().replace(/^sk-/, '') },
  ];
  const search = usePagedListSearch(searchFields);
  const [drawer, setDrawer] = useState<TokenDrawerTarget>(null);
  const list = useTokenList({ page: search.page, pageSize: search.pageSize, ...search.applied });
  const { busyId, onSetStatus, onDelete } = useRowMutations<TokenRecord>(useSetTokenStatus(), useDeleteToken(), {
    statusUpdated: t('tokens.statusUpdated'),
    deleted: t('tokens.deleted'),
  });

  const columns = useMemo(
    () => buildTokenColumns({ t, busyTokenId: busyId, isMobile, onSetStatus, onEdit: (token: TokenRecord) => setDrawer(token.id), onDelete }),
    [t, busyId, isMobile, onSetStatus, onDelete],
  );

  return (
    <PagedListPage<TokenRecord, 'keyword' | 'token'>
      title={t('tokens.title')}
      testIdPrefix="tokens"
      rowTestIdPrefix="token"
      search={search}
      list={list}
      columns={columns}
      addLabel={t('tokens.add')}
      onAdd={() => setDrawer('new')}
      emptyText={t('tokens.empty')}
      notice={<Alert type="warning" showIcon title={t('tokens.warning')} style={{ marginBottom: 16 }} data-testid="tokens-warning" />}
    >
      <TokenEditDrawer target={drawer} onClose={() => setDrawer(null)} />
    </PagedListPage>
  );
}
