// The settings page (/setting, admin only): tabs chosen by ?tab= (operation by default), kept in the URL.
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { Button, Result, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../app/page-spinner';
import { isAdminUser, useSessionUser } from '../../lib/session';
import { useOptions } from './settings-api';
import { parseSettingsTab, settingsTabs, type SettingsTab } from './settings-tabs';

const tabPages: Record<SettingsTab, LazyExoticComponent<ComponentType>> = {
  operation: lazy(() => import('./operation/operation-tab')),
  ratelimit: lazy(() => import('./ratelimit/ratelimit-tab')),
  models: lazy(() => import('./models/models-tab')),
  system: lazy(() => import('./system/system-tab')),
  other: lazy(() => import('./other/other-tab')),
};

/** The /setting page. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const isAdmin = isAdminUser(useSessionUser());
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseSettingsTab(searchParams.get('tab'));
  // The page reloads the options each time it opens; the cards share that load.
  const options = useOptions({ fresh: true });

  // Write the chosen tab into the URL, as the spec asks, when it is missing or unknown.
  useEffect(() => {
    if (searchParams.get('tab') !== tab) setSearchParams({ tab }, { replace: true });
  }, [searchParams, setSearchParams, tab]);

  if (!isAdmin) return null;
  const TabPage = tabPages[tab];
  let content = <PageSpinner />;
  if (options.data) {
    content = (
      <Suspense fallback={<PageSpinner />}>
        <TabPage />
      </Suspense>
    );
  } else if (options.isError) {
    content = (
      <Result
        status="warning"
        title={t('settings.loadFailed')}
        data-testid="settings-load-failed"
        extra={
          <Button type="primary" onClick={() => void options.refetch()}>
            {t('settings.retry')}
          </Button>
        }
      />
    );
  }

  return (
    <div data-testid="settings-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearchParams({ tab: key })}
        items={settingsTabs.map((key) => ({ key, label: <span data-testid={`settings-tab-${key}`}>{t(`settings.tabs.${key}`)}</span> }))}
      />
      {content}
    </div>
  );
}
