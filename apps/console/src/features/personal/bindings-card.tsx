// Bound third-party accounts, each with its bind / rebind action.
import { useState } from 'react';
import { Button, Card, Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteStatus } from '../../lib/site-status';
import { EmailBindModal } from './email-bind-modal';
import { hasOAuthBindingAction, OAuthBindingAction } from './oauth-binding-action';
import type { SelfUser } from './personal-api';
import { WechatBindModal } from './wechat-bind-modal';

type BindingField = 'email' | 'wechat_id' | 'github_id' | 'oidc_id' | 'telegram_id' | 'linux_do_id';

const bindingFields: BindingField[] = ['email', 'wechat_id', 'github_id', 'oidc_id', 'telegram_id', 'linux_do_id'];

/** Lists the account bindings. */
export function BindingsCard({ user }: { user: SelfUser }) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const [dialog, setDialog] = useState<'email' | 'wechat' | null>(null);
  const { token } = theme.useToken();

  const action = (field: BindingField) => {
    if (field === 'email') {
      return (
        <Button size="small" onClick={() => setDialog('email')} data-testid="bind-email">
          {user.email ? t('personal.changeBinding') : t('personal.bind')}
        </Button>
      );
    }
    if (field === 'wechat_id') {
      return (
        <Button size="small" disabled={!status.wechat_login} onClick={() => setDialog('wechat')} data-testid="bind-wechat">
          {!status.wechat_login ? t('personal.notEnabled') : user.wechat_id ? t('personal.changeBinding') : t('personal.bind')}
        </Button>
      );
    }
    if (hasOAuthBindingAction(field)) return <OAuthBindingAction field={field} bound={Boolean(user[field])} />;
    return null;
  };

  return (
    <Card title={t('personal.bindings')} data-testid="bindings-card">
      {bindingFields.map((field, index) => {
        const value = field === 'wechat_id' && user.wechat_id ? t('personal.bound') : user[field];
        return (
          <Flex
            key={field}
            justify="space-between"
            align="center"
            gap={12}
            data-testid={`binding-${field}`}
            style={{ padding: '10px 0', borderTop: index === 0 ? undefined : `1px solid ${token.colorSplit}` }}
          >
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong>{t(`users.binding.${field}`)}</Typography.Text>
              <div>
                {value ? <Typography.Text>{value}</Typography.Text> : <Typography.Text type="secondary">{t('personal.notBound')}</Typography.Text>}
              </div>
            </div>
            {action(field)}
          </Flex>
        );
      })}
      <EmailBindModal open={dialog === 'email'} onClose={() => setDialog(null)} />
      <WechatBindModal open={dialog === 'wechat'} onClose={() => setDialog(null)} />
    </Card>
  );
}
