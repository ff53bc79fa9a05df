// Column definitions of the pricing table: availability, name (copy), billing type, groups (clickable), price, ratios.
import { Space, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { isVideoModelName, QuotaType, type PricingItem } from '@turnpike/contract';
import type { TFunction } from 'i18next';
import { copyWithFeedback } from '../../lib/clipboard';
import { GroupRatioTag } from '../../lib/group-ratio-tag';
import { colorForText } from '../../lib/user-tags';
import { compareAvailability, displayPrice, isAvailableIn, modelPrice, usableGroupsOf, type PriceDisplay } from './pricing-rules';

/** What the columns need from the page. */
export interface PricingColumnsContext {
  t: TFunction;
  /** The group whose availability and prices are shown. */
  group: string;
  groupRatio: number;
  usableGroup: Record<string, string>;
  showRatios: boolean;
  priceDisplay: PriceDisplay;
  onGroupClick: (group: string) => void;
  /** Phones: the price comes right after the name so it shows without scrolling. */
  compact: boolean;
}

const formatRatio = (value: number): string => String(Number.parseFloat(value.toFixed(6)));

/** Where a price not set by the operator comes from: the model catalog's list price, or the default ratio of unset models. */
function PriceSourceTag({ item, t }: { item: PricingItem; t: TFunction }) {
  if (item.price_source === 'option') return null;
  const key = item.price_source === 'catalog' ? 'sourceCatalog' : 'sourceUnset';
  return (
    <Tooltip title={t(`pricing.${key}Hint`)}>
      <Tag bordered={false} color={item.price_source === 'catalog' ? 'blue' : 'orange'} style={{ marginInlineEnd: 0, width: 'fit-content' }} data-testid={`pricing-source-${item.model_name}`}>
        {t(`pricing.${key}`)}
      </Tag>
    </Tooltip>
  );
}

function PriceCell({ item, context }: { item: PricingItem; context: PricingColumnsContext }) {
  const { t, groupRatio, priceDisplay } = context;
  const price = modelPrice(item, groupRatio);
  if (price.kind === 'call') {
    // Video models are charged their price once per generated second.
    const text = isVideoModelName(item.model_name) ? 'pricing.secondPrice' : 'pricing.callPrice';
    return <span data-testid={`pricing-price-${item.model_name}`}>{t(text, { price: displayPrice(price.perCall, priceDisplay) })}</span>;
  }
  return (
    <Space direction="vertical" size={0} data-testid={`pricing-price-${item.model_name}`}>
      <span style={{ whiteSpace: 'nowrap' }}>{t('pricing.inputPrice', { price: displayPrice(price.input, priceDisplay) })}</span>
      <span style={{ whiteSpace: 'nowrap' }}>{t('pricing.outputPrice', { price: displayPrice(price.output, priceDisplay) })}</span>
      {price.audio ? (
        <span style={{ whiteSpace: 'nowrap' }} data-testid={`pricing-audio-price-${item.model_name}`}>
          {t('pricing.audioPrice', { input: displayPrice(price.audio.input, priceDisplay), output: displayPrice(price.audio.output, priceDisplay) })}
        </span>
      ) : null}
      <PriceSourceTag item={item} t={t} />
    </Space>
  );
}

/** Builds the columns; the ratio columns appear only when `showRatios` is on. */
export function buildPricingColumns(context: PricingColumnsContext): ColumnsType<PricingItem> {
  const { t, group, groupRatio, usableGroup, showRatios, onGroupClick } = context;
  const columns: ColumnsType<PricingItem> = [
    {
      key: 'available',
      title: t('pricing.columns.available'),
      width: 90,
      align: 'center',
      sorter: (left, right) => compareAvailability(left, right, group),
      defaultSortOrder: 'descend',
      sortDirections: ['descend', 'ascend'],
      render: (_value, item) =>
        isAvailableIn(item, group) ? (
          <Tooltip title={t('pricing.availableYes')}>
            <CheckCircleFilled style={{ color: '#52c41a', fontSize: 18 }} data-testid={`pricing-available-${item.model_name}`} />
          </Tooltip>
        ) : (
          <Tooltip title={t('pricing.availableNo')}>
            <CloseCircleOutlined style={{ color: '#bfbfbf', fontSize: 18 }} data-testid={`pricing-unavailable-${item.model_name}`} />
          </Tooltip>
        ),
    },
    {
      key: 'model_name',
      title: t('pricing.columns.modelName'),
      dataIndex: 'model_name',
      sorter: (left, right) => left.model_name.localeCompare(right.model_name),
      render: (name: string) => (
        <Tooltip title={t('pricing.clickToCopy')}>
          <Tag color={colorForText(name)} style={{ cursor: 'pointer' }} onClick={() => void copyWithFeedback(name)} data-testid={`pricing-model-${name}`}>
            {name}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'quota_type',
      title: t('pricing.columns.billingType'),
      dataIndex: 'quota_type',
      // The price text already says per call or per 1M tokens: on phones the tag column is left out.
      responsive: ['sm'],
      sorter: (left, right) => left.quota_type - right.quota_type,
      render: (type: number, item: PricingItem) =>
        type !== QuotaType.PerCall ? <Tag color="cyan">{t('pricing.perUsage')}</Tag> : isVideoModelName(item.model_name) ? <Tag color="magenta">{t('pricing.perSecond')}</Tag> : <Tag color="purple">{t('pricing.perCall')}</Tag>,
    },
    {
      key: 'enable_groups',
      title: (
        <Tooltip title={t('pricing.groupHint')}>
          <span>{t('pricing.columns.groups')}</span>
        </Tooltip>
      ),
      render: (_value, item) => {
        const groups = usableGroupsOf(item, usableGroup);
        if (groups.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <Space size={[4, 4]} wrap>
            {groups.map((name) => (
              <Tag
                key={name}
                color={name === group ? 'blue' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onGroupClick(name)}
                data-testid={`pricing-group-${item.model_name}-${name}`}
              >
                {name}
              </Tag>
            ))}
          </Space>
        );
      },
    },
  ];
  if (showRatios) {
    const ratioCell = (item: PricingItem, value: number) =>
      item.quota_type === QuotaType.PerCall ? <Typography.Text type="secondary">{t('pricing.notApplicable')}</Typography.Text> : formatRatio(value);
    columns.push(
      { key: 'model_ratio', title: t('pricing.columns.modelRatio'), render: (_value, item) => <span data-testid={`pricing-model-ratio-${item.model_name}`}>{ratioCell(item, item.model_ratio)}</span> },
      { key: 'completion_ratio', title: t('pricing.columns.completionRatio'), render: (_value, item) => ratioCell(item, item.completion_ratio) },
      { key: 'group_ratio', title: t('pricing.columns.groupRatio'), render: () => <GroupRatioTag ratio={groupRatio} /> },
    );
  }
  const priceColumn: ColumnsType<PricingItem>[number] = { key: 'price', title: t('pricing.columns.price'), render: (_value, item) => <PriceCell item={item} context={context} /> };
  if (context.compact) columns.splice(2, 0, priceColumn);
  else columns.push(priceColumn);
  return columns;
}
