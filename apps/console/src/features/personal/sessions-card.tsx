// The sessions card of personal settings: each signed-in device with IP and last activity, sign one out, the others, or all.
import { Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { LoginSessionView } from '@turnpike/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { clearStoredUser, isUserScopedQuery } from '../../lib/session';
import { formatTimestamp } from '../../lib/timestamp-format';
import { deviceName, useLogoutEverywhere, useRevokeOtherSessions, useRevokeSession, useSessions } from './sessions-api';

/** Lists the user's dashboard sessions with revoke actions. */
export function SessionsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const logoutEverywhere = useLogoutEverywhere();

  const signedOut = (): void => {
    clearStoredUser();
    queryClient.removeQueries({ predicate: isUserScopedQuery });
    void navigate('/login');
  };

  const columns = [
    {
      title: t('sessions.device'),
      key: 'device',
      render: (_: unknown, row: LoginSessionView) => (
        <Space>
          <Typography.Text title={row.user_agent}>{row.user_agent ? deviceName(row.user_agent) : t('sessions.unknownDevice')}</Typography.Text>
          {row.current ? <Tag color="green">{t('sessions.current')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('sessions.ip'), dataIndex: 'ip', key: 'ip' },
    { title: t('sessions.lastActive'), key: 'last_active_at', render: (_: unknown, row: LoginSessionView) => formatTimestamp(row.last_active_at) },
    { title: t('sessions.signedIn'), key: 'created_at', render: (_: unknown, row: LoginSessionView) => formatTimestamp(row.created_at) },
    {
      title: '',
      key: 'actions',
      render: (_: unknown, row: LoginSessionView) => (
        <Button
          size="small"
          danger
          data-testid={`session-revoke-${row.sid}`}
          loading={revoke.isPending && revoke.variables === row.sid}
          onClick={() =>
            revoke.mutate(row.sid, {
              onSuccess: (result) => {
                notify.success(t('sessions.revoked'));
                if (result.current) signedOut();
              },
            })
          }
        >
          {t('sessions.revoke')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('sessions.title')} data-testid="sessions-card">
      <Typography.Paragraph type="secondary">{t('sessions.hint')}</Typography.Paragraph>
      <Table<LoginSessionView>
        rowKey="sid"
        size="small"
        columns={columns}
        dataSource={sessions.data ?? []}
        loading={sessions.isPending}
        pagination={false}
        locale={{ emptyText: t('sessions.noSessions') }}
        scroll={{ x: true }}
        data-testid="sessions-table"
      />
      <Space style={{ marginTop: 12 }} wrap>
        <Button
          data-testid="sessions-revoke-others"
          loading={revokeOthers.isPending}
          onClick={() => revokeOthers.mutate(undefined, { onSuccess: (result) => notify.success(t('sessions.revokedOthers', { count: result.revoked_count })) })}
        >
          {t('sessions.revokeOthers')}
        </Button>
        <Popconfirm title={t('sessions.logoutEverywhereConfirm')} okText={t('common.ok')} cancelText={t('common.cancel')} onConfirm={() => logoutEverywhere.mutate(undefined, { onSettled: signedOut })}>
          <Button danger loading={logoutEverywhere.isPending} data-testid="sessions-logout-everywhere">
            {t('sessions.logoutEverywhere')}
          </Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
