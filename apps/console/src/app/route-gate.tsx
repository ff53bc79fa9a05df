// Applies a route's access rule: signed-out visitors go to /login, non-admins see a 403 result.
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAdminUser, useSessionUser } from '../lib/session';
import type { RouteAccess } from './routes';

/** Renders children only when the stored user satisfies `access`. */
export function RouteGate({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const user = useSessionUser();
  const location = useLocation();
  const { t } = useTranslation();
  if (access === 'public') return children;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (access === 'admin' && !isAdminUser(user)) {
    return (
      <Result
        status="403"
        title="403"
        subTitle={t('common.forbidden')}
        data-testid="forbidden-page"
        extra={
          <Link to="/">
            <Button type="primary">{t('common.backHome')}</Button>
          </Link>
        }
      />
    );
  }
  return children;
}
