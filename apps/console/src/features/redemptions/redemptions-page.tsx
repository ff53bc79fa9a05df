// The redemption code page (/redemption, admin): search by id or name, paged table, create/edit drawer, created-codes dialog.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedListPage, usePagedListSearch, useRowMutations, type ListSearchField } from '../../lib/paged-list-page';
import { useIsMobile } from '../../lib/use-is-mobile';
import { RedemptionCodesModal } from './redemption-codes-modal';
import { RedemptionEditDrawer, type RedemptionDrawerTarget } from './redemption-edit-drawer';
import { buildRedemptionColumns } from './redemptions-columns';
import { useDeleteRedemption, useRedemptionList, useSetRedemptionStatus, type RedemptionRecord } from './redemptions-api';

/** The /redemption page. */
export default function RedemptionsPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const searchFields: ListSearchField<'keyword'>[] = [
    { name: 'keyword', placeholder: t('redemptions.searchPlaceholder'), maxWidth: 260, testId: 'redemptions-search-keyword' },
  ];
  const search = usePagedListSearch(searchFields);
  const [drawer, setDrawer] = useState<RedemptionDrawerTarget>(null);
  const [created, setCreated] = useState<{ codes: string[]; name: string }>({ codes: [], name: '' });
  const list = useRedemptionList({ page: search.page, pageSize: search.pageSize, ...search.applied });
  const { busyId, onSetStatus, onDelete } = useRowMutations<RedemptionRecord>(useSetRedemptionStatus(), useDeleteRedemption(), {
    statusUpdated: t('redemptions.statusUpdated'),
    deleted: t('redemptions.deleted'),
  });

  const columns = useMemo(
    () => buildRedemptionColumns({ t, busyId, isMobile, onSetStatus, onEdit: (code: RedemptionRecord) => setDrawer(code.id), onDelete }),
    [t, busyId, isMobile, onSetStatus, onDelete],
  );

  return (
    <PagedListPage<RedemptionRecord, 'keyword'>
      title={t('redemptions.title')}
      testIdPrefix="redemptions"
      rowTestIdPrefix="redemption"
      search={search}
      list={list}
      columns={columns}
      addLabel={t('redemptions.add')}
      onAdd={() => setDrawer('new')}
      emptyText={t('redemptions.empty')}
    >
      <RedemptionEditDrawer target={drawer} onClose={() => setDrawer(null)} onCreated={(codes, name) => setCreated({ codes, name })} />
      <RedemptionCodesModal codes={created.codes} name={created.name} onClose={() => setCreated({ codes: [], name: '' })} />
    </PagedListPage>
  );
}
