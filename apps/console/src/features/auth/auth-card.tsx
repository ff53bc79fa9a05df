// The centred card that frames the login and register forms.
import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { logoOf, useSiteStatus } from '../../lib/site-status';

/** Props of the auth card. */
export interface AuthCardProps {
  title: string;
  testId: string;
  children: ReactNode;
}

/** A narrow card with the logo and a title. */
export function AuthCard({ title, testId, children }: AuthCardProps) {
  const status = useSiteStatus();
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: '48px 0' }}>
      <Card data-testid={testId} style={{ width: '100%', maxWidth: 440 }}>
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <img src={logoOf(status)} alt="logo" style={{ width: 48, height: 48, borderRadius: 8 }} />
          <Typography.Title level={3} style={{ marginTop: 8, marginBottom: 0 }}>
            {title}
          </Typography.Title>
        </div>
        {children}
      </Card>
    </div>
  );
}
