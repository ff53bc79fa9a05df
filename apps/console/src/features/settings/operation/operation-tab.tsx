// The operation tab: option cards, then the pricing tabs (JSON ratios, visual editor, unset-ratio models).
import { Card, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { ModelPricingEditor } from '../pricing/model-pricing-editor';
import { UnsetModelsTable } from '../pricing/unset-models-table';
import { LogCard } from './log-card';
import { ChatsCard, DashboardCard, DrawingCard, GeneralCard, MonitoringCard, QuotaCard, SensitiveWordsCard } from './operation-cards';
import { RatioJsonCard } from './ratio-json-card';

type PricingTab = 'json' | 'visual' | 'unset';

/** The operation tab. */
export default function OperationTab() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [pricingTab, setPricingTab] = useState<PricingTab>('json');
  const items: { key: PricingTab; label: string }[] = [
    { key: 'json', label: t('settings.cards.ratioJson') },
    { key: 'visual', label: t('settings.cards.visualPricing') },
    { key: 'unset', label: t('settings.cards.unsetModels') },
  ];
  const content: Record<PricingTab, ReactNode> = {
    json: <RatioJsonCard />,
    visual: <ModelPricingEditor />,
    unset: <UnsetModelsTable />,
  };
  return (
    <Flex vertical gap={16} data-testid="settings-operation">
      <GeneralCard />
      <DrawingCard />
      <SensitiveWordsCard />
      <LogCard />
      <DashboardCard />
      <MonitoringCard />
      <QuotaCard />
      <ChatsCard />
      <Card
        data-testid="settings-card-model-pricing"
        size={isMobile ? 'small' : 'default'}
        tabList={items.map((item) => ({ key: item.key, label: <span data-testid={`model-price-tab-${item.key}`}>{item.label}</span> }))}
        activeTabKey={pricingTab}
        onTabChange={(key) => setPricingTab(key as PricingTab)}
      >
        {content[pricingTab]}
      </Card>
    </Flex>
  );
}
