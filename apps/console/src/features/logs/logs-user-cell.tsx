// The admin username cell: clicking the name opens a popup with the user's quota, used quota and request count.
import { useState } from 'react';
import { Button, Descriptions, Popover, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCompactNumber, renderQuota } from '../../lib/quota-format';
import { useLogUserInfo } from './logs-api';

function UserInfoContent({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const info = useLogUserInfo(userId, true);
  if (info.isPending) return <Spin size="small" />;
  if (!info.data) return <Typography.Text type="danger">{t('logs.userInfoFailed')}</Typography.Text>;
  const user = info.data;
  return (
    <Descriptions size="small" column={1} data-testid="log-user-info" style={{ minWidth: 220 }}>
      <Descriptions.Item label={t('logs.username')}>{user.username}</Descriptions.Item>
      <Descriptions.Item label={t('logs.remainingQuota')}>
        <span data-testid="log-user-info-quota">{renderQuota(user.quota)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('logs.usedQuota')}>
        <span data-testid="log-user-info-used">{renderQuota(user.used_quota)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('logs.requestCount')}>
        <span data-testid="log-user-info-requests">{formatCompactNumber(user.request_count ?? 0)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A username link that loads GET /api/user/{id} into a popup when clicked. */
export function LogUserCell({ userId, username, logId }: { userId: number; username: string; logId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover trigger="click" open={open} onOpenChange={setOpen} title={t('logs.userInfo')} content={open ? <UserInfoContent userId={userId} /> : null} destroyOnHidden>
      <Button type="link" size="small" style={{ padding: 0 }} data-testid={`log-user-${logId}`}>
        {username}
      </Button>
    </Popover>
  );
}
