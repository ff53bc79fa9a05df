// The admin user management page (/user, /user/edit/{id}): search, paged table, add dialog, edit drawer.
import { useMemo, useState } from 'react';
import { Card, Table } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useTablePaging } from '../../lib/table-paging';
import { useIsMobile } from '../../lib/use-is-mobile';
import { UserAddModal } from './user-add-modal';
import { UserEditDrawer } from './user-edit-drawer';
import { buildUserColumns } from './users-columns';
import { UsersSearchBar } from './users-search-bar';
import { useManageUser, useUserList, type UserManageAction, type UserRecord } from './users-api';

function parseUserId(value: string | undefined): number | null {
  const id = Number.parseInt(value ?? '', 10);
  return Number.isFinite(id) && id > 0 ? id : null;
}

/** The /user page; with an id in the path the edit drawer is open for that user. */
export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const editingId = parseUserId(params.id);
  const { page, pageSize, setPage, pagination } = useTablePaging();
  const [search, setSearch] = useState({ keyword: '', group: '' });
  const [addOpen, setAddOpen] = useState(false);
  const isMobile = useIsMobile();
  const list = useUserList({ page, pageSize, ...search });
  const manage = useManageUser();
  const { mutate: manageUser } = manage;
  const busyUserId = manage.isPending ? (manage.variables?.id ?? null) : null;

  const columns = useMemo(
    () =>
      buildUserColumns({
        t,
        busyUserId,
        isMobile,
        onAction: (user: UserRecord, action: UserManageAction) =>
          manageUser({ id: user.id, action }, { onSuccess: () => notify.success(t('users.operationDone')) }),
        onEdit: (user: UserRecord) => void navigate(`/user/edit/${user.id}`),
      }),
    [t, busyUserId, isMobile, manageUser, navigate],
  );

  return (
    <Card title={t('users.title')} data-testid="users-page">
      <UsersSearchBar
        onAdd={() => setAddOpen(true)}
        onSearch={(keyword, group) => {
          setSearch({ keyword, group });
          setPage(1);
        }}
      />
      <Table<UserRecord>
        rowKey="id"
        data-testid="users-table"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={pagination(list.data?.total ?? 0)}
      />
      <UserAddModal open={addOpen} onClose={() => setAddOpen(false)} />
      <UserEditDrawer userId={editingId} onClose={() => void navigate('/user')} />
    </Card>
  );
}
