// The data dashboard (/detail): window, granularity and (admin) username; totals and charts of usage by model.
import { useMemo, useState } from 'react';
import { Button, Card, Col, Empty, Input, Result, Row, Select, Space, Spin, Statistic } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { DataGranularity } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { formatCompactNumber, readQuotaDisplay, renderQuota } from '../../lib/quota-format';
import { isAdminUser, useSessionUser } from '../../lib/session';
import { useSiteStatus } from '../../lib/site-status';
import { TimeRangePicker } from '../../lib/time-range-picker';
import { useIsMobile } from '../../lib/use-is-mobile';
import { DashboardChart } from './dashboard-chart';
import { callsOption, consumptionOption, tokensOption } from './dashboard-chart-options';
import { useUsageData, type DashboardQuery } from './dashboard-api';
import { aggregateUsage, buildTimeline, defaultDashboardWindow, parseGranularity, usageTotals, type UsageBucket } from './dashboard-rules';

const granularityChoices: DataGranularity[] = ['hour', 'day', 'week'];

function initialQuery(granularity: DataGranularity): DashboardQuery {
  const window = defaultDashboardWindow(granularity);
  return { startTimestamp: window.start, endTimestamp: window.end, username: '' };
}

function Totals({ buckets, query }: { buckets: UsageBucket[]; query: DashboardQuery }) {
  const { t } = useTranslation();
  const totals = usageTotals(buckets, { start: query.startTimestamp, end: query.endTimestamp });
  const items = [
    { key: 'quota', title: t('dashboard.totalQuota'), value: renderQuota(totals.quota) },
    { key: 'tokens', title: t('dashboard.totalTokens'), value: formatCompactNumber(totals.tokens) },
    { key: 'calls', title: t('dashboard.totalCalls'), value: formatCompactNumber(totals.count) },
    { key: 'rpm', title: t('dashboard.averageRpm'), value: String(totals.averageRpm) },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.key} xs={12} md={6}>
          <Card size="small">
            <Statistic title={item.title} value={item.value} data-testid={`dashboard-total-${item.key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function Charts({ buckets, query, granularity }: { buckets: UsageBucket[]; query: DashboardQuery; granularity: DataGranularity }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const options = useMemo(() => {
    const timeline = buildTimeline(buckets, granularity, { start: query.startTimestamp, end: query.endTimestamp });
    return {
      consumption: consumptionOption(buckets, timeline, granularity, readQuotaDisplay()),
      calls: callsOption(buckets),
      tokens: tokensOption(buckets, timeline, granularity),
    };
  }, [buckets, granularity, query]);
  const height = isMobile ? 280 : 340;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card size="small" title={t('dashboard.consumptionChart')}>
          <DashboardChart option={options.consumption} height={height} testId="dashboard-chart-consumption" />
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title={t('dashboard.callsChart')}>
          <DashboardChart option={options.calls} height={height} testId="dashboard-chart-calls" />
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card size="small" title={t('dashboard.tokensChart')}>
          <DashboardChart option={options.tokens} height={height} testId="dashboard-chart-tokens" />
        </Card>
      </Col>
    </Row>
  );
}

/** The /detail page; shows a notice instead when data export is disabled. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const admin = isAdminUser(useSessionUser());
  const isMobile = useIsMobile();
  const enabled = status.enable_data_export === true;
  const [granularity, setGranularity] = useState<DataGranularity>(() => parseGranularity(status.data_export_default_time));
  const [query, setQuery] = useState<DashboardQuery>(() => initialQuery(parseGranularity(status.data_export_default_time)));
  const [draft, setDraft] = useState<DashboardQuery>(query);
  const data = useUsageData(query, admin, enabled);
  const buckets = useMemo(() => aggregateUsage(data.data ?? [], granularity), [data.data, granularity]);

  const runQuery = () => {
    if (JSON.stringify(draft) === JSON.stringify(query)) void data.refetch();
    else setQuery({ ...draft });
  };

  if (!enabled) {
    return (
      <Card data-testid="dashboard-page">
        <Result status="info" title={t('dashboard.disabledTitle')} subTitle={t('dashboard.disabledHint')} data-testid="dashboard-disabled" />
      </Card>
    );
  }

  let body: React.ReactNode;
  if (data.isError && !data.data) {
    body = (
      <Result
        status="warning"
        title={t('dashboard.loadFailed')}
        data-testid="dashboard-error"
        extra={
          <Button type="primary" onClick={() => void data.refetch()}>
            {t('dashboard.retry')}
          </Button>
        }
      />
    );
  } else if (data.isPending) {
    body = (
      <div style={{ display: 'flex', justifyContent: 'center', padding: 64 }}>
        <Spin size="large" />
      </div>
    );
  } else if (buckets.length === 0) {
    body = <Empty description={t('dashboard.empty')} data-testid="dashboard-empty" style={{ padding: 48 }} />;
  } else {
    body = (
      <Spin spinning={data.isFetching}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Totals buckets={buckets} query={query} />
          <Charts buckets={buckets} query={query} granularity={granularity} />
        </Space>
      </Spin>
    );
  }

  return (
    <Card title={t('dashboard.title')} data-testid="dashboard-page">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 16 }} data-testid="dashboard-filters">
        <TimeRangePicker
          start={draft.startTimestamp}
          end={draft.endTimestamp}
          onChange={(startTimestamp, endTimestamp) => setDraft((current) => ({ ...current, startTimestamp, endTimestamp }))}
          startLabel={t('dashboard.startTime')}
          endLabel={t('dashboard.endTime')}
          testIdPrefix="dashboard-filter"
        />
        <Select
          data-testid="dashboard-granularity"
          aria-label={t('dashboard.granularity')}
          value={granularity}
          options={granularityChoices.map((value) => ({ value, label: `${t('dashboard.granularity')}: ${t(`dashboard.granularities.${value}`)}` }))}
          onChange={setGranularity}
          style={{ width: isMobile ? '100%' : 160 }}
        />
        {admin ? (
          <Input
            name="username"
            data-testid="dashboard-filter-username"
            allowClear
            placeholder={t('dashboard.usernamePlaceholder')}
            aria-label={t('dashboard.username')}
            value={draft.username}
            onChange={(event) => setDraft((current) => ({ ...current, username: event.target.value }))}
            onPressEnter={runQuery}
            style={{ width: isMobile ? '100%' : 160 }}
          />
        ) : null}
        <Button type="primary" icon={<SearchOutlined />} onClick={runQuery} data-testid="dashboard-query">
          {t('dashboard.query')}
        </Button>
      </div>
      {body}
    </Card>
  );
}
