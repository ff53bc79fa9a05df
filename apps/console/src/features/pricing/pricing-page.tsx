// The public pricing page (/pricing): group banner, IME-aware search, ratio and top-up toggles, selectable table.
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Result, Segmented, Space, Switch, Table, Typography } from 'antd';
import { CopyOutlined, SearchOutlined } from '@ant-design/icons';
import type { PricingItem } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { notify } from '../../lib/notify';
import { useTablePaging } from '../../lib/table-paging';
import { useSessionUser } from '../../lib/session';
import { useSiteStatus } from '../../lib/site-status';
import { useIsMobile } from '../../lib/use-is-mobile';
import { usePricing } from './pricing-api';
import { buildPricingColumns } from './pricing-columns';
import { DefaultUsdExchangeRate, filterModels, ratioOf, selectedModelsText, type PriceDisplay } from './pricing-rules';

const defaultGroup = 'default';

/** The /pricing page, open to visitors. */
export default function PricingPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const status = useSiteStatus();
  const isMobile = useIsMobile();
  const pricing = usePricing(user?.id ?? null);
  const ownGroup = user ? user.group || defaultGroup : defaultGroup;
  const [viewedGroup, setViewedGroup] = useState<string | null>(null);
  const group = viewedGroup ?? ownGroup;
  const [inputText, setInputText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [composing, setComposing] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [showRatios, setShowRatios] = useState(false);
  const [topup, setTopup] = useState(false);
  const [currency, setCurrency] = useState<'USD' | 'CNY'>('USD');
  const { setPage, pagination } = useTablePaging();

  const groupRatios = pricing.data?.groupRatio ?? {};
  const usableGroup = pricing.data?.usableGroup ?? {};
  const currentRatio = ratioOf(groupRatios, group);
  const topupEnabled = status.enable_online_topup === true;
  const priceDisplay: PriceDisplay = {
    topup: topupEnabled && topup,
    currency,
    topupPrice: status.price && status.price > 0 ? status.price : DefaultUsdExchangeRate,
    usdExchangeRate: status.usd_exchange_rate && status.usd_exchange_rate > 0 ? status.usd_exchange_rate : DefaultUsdExchangeRate,
  };
  const items = useMemo(() => filterModels(pricing.data?.items ?? [], keyword), [pricing.data, keyword]);

  const onGroupClick = (name: string) => {
    setViewedGroup(name === ownGroup ? null : name);
    notify.info(t('pricing.groupRatioInfo', { group: name, ratio: ratioOf(groupRatios, name) }));
  };
  const columns = buildPricingColumns({ t, group, groupRatio: currentRatio, usableGroup, showRatios, priceDisplay, onGroupClick, compact: isMobile });

  const applyKeyword = (text: string) => {
    setKeyword(text);
    setPage(1);
  };

  if (pricing.isError && !pricing.data) {
    return (
      <Card data-testid="pricing-page">
        <Result
          status="warning"
          title={t('pricing.loadFailed')}
          data-testid="pricing-error"
          extra={
            <Button type="primary" onClick={() => void pricing.refetch()}>
              {t('pricing.retry')}
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card title={t('pricing.title')} data-testid="pricing-page">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {user ? (
          <Alert type="success" showIcon data-testid="pricing-banner-user" message={t('pricing.bannerUser', { group: ownGroup, ratio: ratioOf(groupRatios, ownGroup) })} />
        ) : (
          <Alert type="warning" showIcon data-testid="pricing-banner-guest" message={t('pricing.bannerGuest', { ratio: ratioOf(groupRatios, defaultGroup) })} />
        )}
        {viewedGroup !== null ? (
          <Alert
            type="info"
            showIcon
            data-testid="pricing-viewing-group"
            message={t('pricing.viewingGroup', { group: viewedGroup, ratio: currentRatio })}
            action={
              <Button size="small" type="link" onClick={() => setViewedGroup(null)} data-testid="pricing-own-group">
                {t('pricing.backToMyGroup')}
              </Button>
            }
          />
        ) : null}
        {showRatios ? <Alert type="info" data-testid="pricing-formula" message={t('pricing.formulaTitle')} description={t('pricing.formula')} /> : null}
        {priceDisplay.topup ? (
          <Typography.Text type="secondary" data-testid="pricing-topup-note">
            {t('pricing.topupNote', { price: priceDisplay.topupPrice, rate: priceDisplay.usdExchangeRate })}
          </Typography.Text>
        ) : null}
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' }}>
          <Input
            name="model_name"
            data-testid="pricing-search"
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('pricing.searchPlaceholder')}
            aria-label={t('pricing.searchPlaceholder')}
            value={inputText}
            onCompositionStart={() => setComposing(true)}
            onCompositionEnd={(event) => {
              setComposing(false);
              applyKeyword(event.currentTarget.value);
            }}
            onChange={(event) => {
              setInputText(event.target.value);
              // Text typed through an input method is applied when the composition ends.
              if (!composing) applyKeyword(event.target.value);
            }}
            style={{ width: isMobile ? '100%' : 260 }}
          />
          <Button
            icon={<CopyOutlined />}
            data-testid="pricing-copy-selected"
            onClick={() => {
              if (selected.length === 0) {
                notify.warning(t('pricing.noneSelected'));
                return;
              }
              void copyWithFeedback(selectedModelsText(pricing.data?.items ?? [], selected));
            }}
          >
            {t('pricing.copySelected')}
            {selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
          <Space size={6}>
            <Switch checked={showRatios} onChange={setShowRatios} data-testid="pricing-ratio-toggle" aria-label={t('pricing.showRatio')} />
            <span>{t('pricing.showRatio')}</span>
          </Space>
          {topupEnabled ? (
            <Space size={6} wrap>
              <Switch checked={topup} onChange={setTopup} data-testid="pricing-topup-toggle" aria-label={t('pricing.topupPrice')} />
              <span>{t('pricing.topupPrice')}</span>
              {topup ? (
                <Segmented<'USD' | 'CNY'> size="small" value={currency} onChange={setCurrency} options={['USD', 'CNY']} data-testid="pricing-currency" />
              ) : null}
            </Space>
          ) : null}
        </div>
        <Table<PricingItem>
          rowKey="model_name"
          data-testid="pricing-table"
          columns={columns}
          dataSource={items}
          loading={pricing.isFetching}
          scroll={{ x: 'max-content' }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword.trim() ? t('pricing.noMatch') : t('pricing.empty')} data-testid="pricing-empty" />
            ),
          }}
          pagination={pagination()}
        />
      </Space>
    </Card>
  );
}
