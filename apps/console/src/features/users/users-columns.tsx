// Column definitions of the admin user table.
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatCompactNumber, renderQuota } from '../../lib/quota-format';
import { GroupTag, RoleTag, UserStatusTag } from '../../lib/user-tags';
import { UserActions } from './user-actions';
import { isDeactivated, type UserManageAction, type UserRecord } from './users-api';

/** What the columns need from the page. */
export interface UserColumnsContext {
  t: TFunction;
  busyUserId: number | null;
  /** On narrow screens the actions column scrolls with the rest instead of sticking to the right. */
  isMobile: boolean;
  onAction: (user: UserRecord, action: UserManageAction) => void;
  onEdit: (user: UserRecord) => void;
}

/** Builds the table columns. */
export function buildUserColumns({ t, busyUserId, isMobile, onAction, onEdit }: UserColumnsContext): ColumnsType<UserRecord> {
  return [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 72 },
    {
      title: t('users.username'),
      key: 'username',
      render: (_value, user) => (
        <div data-testid={`user-name-${user.id}`}>
          <div>{user.username}</div>
          {user.display_name && user.display_name !== user.username ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {user.display_name}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { title: t('users.group'), dataIndex: 'group', key: 'group', render: (group: string | undefined) => <GroupTag group={group} /> },
    {
      title: t('users.quota'),
      key: 'quota',
      render: (_value, user) => (
        <Space size={4} wrap>
          <Tooltip title={t('users.remainingQuota')}>
            <Tag data-testid={`user-quota-${user.id}`}>{renderQuota(user.quota)}</Tag>
          </Tooltip>
          <Tooltip title={t('users.usedQuota')}>
            <Tag data-testid={`user-used-${user.id}`}>{renderQuota(user.used_quota)}</Tag>
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('users.requestCount'),
      dataIndex: 'request_count',
      key: 'request_count',
      render: (count: number, user) => <span data-testid={`user-requests-${user.id}`}>{formatCompactNumber(count ?? 0)}</span>,
    },
    {
      title: t('users.invitation'),
      key: 'invitation',
      responsive: ['lg'],
      render: (_value, user) => (
        <Space size={4} wrap>
          <Tooltip title={t('users.inviteCount')}>
            <Tag>{formatCompactNumber(user.aff_count ?? 0)}</Tag>
          </Tooltip>
          <Tooltip title={t('users.inviteRevenue')}>
            <Tag>{renderQuota(user.aff_history_quota ?? 0)}</Tag>
          </Tooltip>
          <Tooltip title={t('users.inviterId')}>
            <Tag>{user.inviter_id ? user.inviter_id : t('common.none')}</Tag>
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('users.role'),
      dataIndex: 'role',
      key: 'role',
      render: (role: number, user) => (
        <span data-testid={`user-role-${user.id}`}>
          <RoleTag role={role} />
        </span>
      ),
    },
    {
      title: t('users.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: number, user) => (
        <span data-testid={`user-status-${user.id}`}>
          {isDeactivated(user) ? <Tag color="red">{t('users.deactivated')}</Tag> : <UserStatusTag status={status} />}
        </span>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_value, user) => <UserActions user={user} busy={busyUserId === user.id} onAction={onAction} onEdit={onEdit} />,
    },
  ];
}
