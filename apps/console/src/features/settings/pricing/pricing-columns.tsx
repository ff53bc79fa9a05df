// Columns of the model pricing editor: name, billing mode, fixed price, ratios, price per 1M tokens, actions.
import { Button, Input, Popconfirm, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, DollarOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { isUnpriced, ratiosToPrices, type PricingMode, type PricingRow } from './pricing-rules';

/** The editable text fields of a row. */
export type PricingField = 'price' | 'ratio' | 'completionRatio';

/** What the columns need from the editor. */
export interface PricingColumnsOptions {
  t: TFunction;
  /** On narrow screens the actions column scrolls with the rest instead of sticking to the right. */
  isMobile: boolean;
  onField: (name: string, field: PricingField, value: string) => void;
  onMode: (name: string, mode: PricingMode) => void;
  onPriceEntry: (row: PricingRow) => void;
  onDelete: (name: string) => void;
  /** The model catalog's list prices of models the options do not price, shown where a row leaves a ratio empty. */
  listPrices: ReadonlyMap<string, ListPrice>;
}

/** A model's list price from the catalog, as ratios. */
export interface ListPrice {
  ratio: number;
  completionRatio: number;
}

/** Builds the editor's columns; a per-request row disables its ratio inputs, a per-token row its price. */
export function buildPricingColumns({ t, isMobile, onField, onMode, onPriceEntry, onDelete, listPrices }: PricingColumnsOptions): ColumnsType<PricingRow> {
  /** An empty ratio shows the list price it falls back to; an empty price shows that it is unset. */
  const placeholderOf = (row: PricingRow, field: PricingField): string => {
    const listed = field === 'price' ? undefined : listPrices.get(row.name);
    return listed ? String(field === 'ratio' ? listed.ratio : listed.completionRatio) : t('settings.pricing.unset');
  };
  const numberInput = (row: PricingRow, field: PricingField, testId: string, disabled: boolean) => (
    <Input
      value={row[field]}
      disabled={disabled}
      placeholder={placeholderOf(row, field)}
      inputMode="decimal"
      data-testid={`${testId}-${row.name}`}
      onChange={(event) => onField(row.name, field, event.target.value)}
      style={{ width: 88 }}
    />
  );
  return [
    {
      title: t('settings.pricing.model'),
      dataIndex: 'name',
      key: 'name',
      width: isMobile ? 150 : 200,
      render: (name: string, row) => (
        <Space size={4} wrap>
          <Typography.Text copyable={{ text: name }} style={{ wordBreak: 'break-all' }}>
            {name}
          </Typography.Text>
          {isUnpriced(row) && row.mode === 'token' && listPrices.has(row.name) ? (
            <Tooltip title={t('settings.pricing.listPriceHint')}>
              <Tag color="blue" data-testid={`model-price-list-${row.name}`}>
                {t('settings.pricing.listPrice')}
              </Tag>
            </Tooltip>
          ) : isUnpriced(row) ? (
            <Tag color="warning">{t('settings.pricing.unpriced')}</Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('settings.pricing.billing'),
      key: 'mode',
      render: (_value, row) => (
        <Segmented<PricingMode>
          size="small"
          value={row.mode}
          data-testid={`model-price-mode-${row.name}`}
          onChange={(mode) => onMode(row.name, mode)}
          options={[
            { label: t('settings.pricing.perToken'), value: 'token' },
            { label: t('settings.pricing.perRequest'), value: 'request' },
          ]}
        />
      ),
    },
    {
      title: t('settings.pricing.price'),
      key: 'price',
      render: (_value, row) => numberInput(row, 'price', 'model-price-price', row.mode !== 'request'),
    },
    {
      title: t('settings.pricing.ratio'),
      key: 'ratio',
      render: (_value, row) => numberInput(row, 'ratio', 'model-price-ratio', row.mode === 'request'),
    },
    {
      title: t('settings.pricing.completionRatio'),
      key: 'completionRatio',
      render: (_value, row) => numberInput(row, 'completionRatio', 'model-price-completion', row.mode === 'request'),
    },
    {
      title: t('settings.pricing.pricePerMillion'),
      key: 'perMillion',
      width: 110,
      render: (_value, row) => {
        const prices = row.mode === 'token' ? ratiosToPrices(row.ratio, row.completionRatio) : null;
        return prices ? (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', fontSize: 12 }}>
            {t('settings.pricing.inputShort', { price: prices.input })}
            <br />
            {t('settings.pricing.outputShort', { price: prices.output })}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        );
      },
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: isMobile ? undefined : 'right',
      render: (_value, row) => (
        <Space size={4}>
          <Tooltip title={t('settings.pricing.setByPrice')}>
            <Button
              size="small"
              icon={<DollarOutlined />}
              aria-label={t('settings.pricing.setByPrice')}
              disabled={row.mode === 'request'}
              onClick={() => onPriceEntry(row)}
              data-testid={`model-price-set-price-${row.name}`}
            />
          </Tooltip>
          <Popconfirm title={t('settings.pricing.delete')} description={row.name} okButtonProps={{ danger: true }} onConfirm={() => onDelete(row.name)}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('settings.pricing.delete')} data-testid={`model-price-delete-${row.name}`} />
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
