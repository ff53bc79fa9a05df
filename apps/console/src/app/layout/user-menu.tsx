// The user menu: avatar with logout (signed in) or login/register buttons (register hidden in self-use mode).
import { Avatar, Button, Dropdown, Space, type MenuProps } from 'antd';
import { LoginOutlined, LogoutOutlined, UserAddOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { clearStoredUser, isUserScopedQuery, useSessionUser } from '../../lib/session';
import { useSiteStatus } from '../../lib/site-status';
import { useIsMobile } from '../../lib/use-is-mobile';

function SignedOutButtons() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const isMobile = useIsMobile();
  return (
    <Space size={4}>
      <Link to="/login">
        <Button type="text" icon={<LoginOutlined />} data-testid="header-login">
          {isMobile ? null : t('nav.login')}
        </Button>
      </Link>
      {status.self_use_mode_enabled ? null : (
        <Link to="/register">
          <Button type="text" icon={<UserAddOutlined />} data-testid="header-register">
            {isMobile ? null : t('nav.register')}
          </Button>
        </Link>
      )}
    </Space>
  );
}

/** The right-most header control. */
export function UserMenu() {
  const user = useSessionUser();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  if (!user) return <SignedOutButtons />;

  const logout = async (): Promise<void> => {
    try {
      await apiClient.get('/api/user/logout', { silent: true });
    } catch {
      // The local session is cleared even when the server call fails.
    }
    clearStoredUser();
    queryClient.removeQueries({ predicate: isUserScopedQuery });
    notify.success(t('nav.loggedOut'));
    void navigate('/login');
  };

  const items: MenuProps['items'] = [
    { key: 'personal', icon: <UserOutlined />, label: <span data-testid="user-menu-personal">{t('nav.personalSettings')}</span> },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">{t('nav.logout')}</span> },
  ];
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === 'logout') void logout();
          else void navigate('/personal');
        },
      }}
    >
      <Button type="text" data-testid="user-menu" style={{ display: 'flex', alignItems: 'center', gap: 6, paddingInline: 4 }}>
        <Avatar size="small" style={{ backgroundColor: '#1677ff' }}>
          {user.username.slice(0, 1).toUpperCase()}
        </Avatar>
        {isMobile ? null : <span data-testid="user-menu-name">{user.username}</span>}
      </Button>
    </Dropdown>
  );
}
