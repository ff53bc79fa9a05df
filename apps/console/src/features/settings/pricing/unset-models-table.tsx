// Enabled models with neither a fixed price nor a model ratio, 10 a page, each with a quick way to price it.
import { useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnabledModels } from '../settings-api';
import { PricingBatchModal } from './pricing-batch-modal';
import { applyBatch, findUnsetModels, mergePricedRows, PricingPageSize, type BatchMode, type BatchValues, type PricingRow } from './pricing-rules';
import { useListPrices } from './use-list-prices';
import { useSavePricing, useStoredPricingMaps } from './use-save-pricing';

interface UnsetRow {
  name: string;
}

/** The unset-ratio models table. */
export function UnsetModelsTable() {
  const { t } = useTranslation();
  const enabled = useEnabledModels();
  const stored = useStoredPricingMaps();
  const { save, saving } = useSavePricing();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  // The models the open dialog prices; null while closed.
  const [target, setTarget] = useState<string[] | null>(null);
  const storedKey = JSON.stringify(stored);
  // A model the options leave unset but the model catalog prices is billed at its list price: not unset.
  const listPrices = useListPrices();
  const names = useMemo(() => findUnsetModels(enabled.data ?? [], JSON.parse(storedKey) as typeof stored).filter((name) => !listPrices.has(name)), [enabled.data, storedKey, listPrices]);
  const rows: UnsetRow[] = names.map((name) => ({ name }));

  const apply = async (mode: BatchMode, values: BatchValues): Promise<void> => {
    if (!target) return;
    const blank: PricingRow[] = target.map((name) => ({ name, mode: 'token', price: '', ratio: '', completionRatio: '' }));
    const priced = applyBatch(blank, new Set(target), mode, values);
    if (await save(mergePricedRows(stored, priced))) setSelected((current) => current.filter((name) => !target.includes(name)));
  };

  if (enabled.isError) return <Alert type="error" showIcon title={t('settings.unset.loadFailed')} data-testid="unset-models-error" />;

  return (
    <div data-testid="unset-models">
      <Typography.Paragraph type="secondary">{t('settings.unset.description')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={selected.length === 0} onClick={() => setTarget(selected)} loading={saving} data-testid="unset-set-selected">
          {t('settings.unset.setSelected')}
          {selected.length > 0 ? ` (${selected.length})` : ''}
        </Button>
      </Space>
      <Table<UnsetRow>
        rowKey="name"
        size="small"
        data-testid="unset-models-table"
        dataSource={rows}
        loading={enabled.isPending}
        locale={{ emptyText: t('settings.unset.empty') }}
        onRow={(row) => ({ 'data-testid': `unset-row-${row.name}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page,
          pageSize: PricingPageSize,
          showSizeChanger: false,
          total: rows.length,
          onChange: setPage,
          showTotal: (total, range) => t('common.paginationTotal', { start: range[0], end: range[1], total }),
        }}
        columns={[
          { title: t('settings.pricing.model'), dataIndex: 'name', key: 'name', render: (name: string) => <Typography.Text copyable>{name}</Typography.Text> },
          {
            title: t('common.actions'),
            key: 'actions',
            width: 120,
            render: (_value, row) => (
              <Button size="small" onClick={() => setTarget([row.name])} data-testid={`unset-set-${row.name}`}>
                {t('settings.unset.setPrice')}
              </Button>
            ),
          },
        ]}
      />
      <PricingBatchModal open={target !== null} selectedCount={target?.length ?? 0} onClose={() => setTarget(null)} onApply={(mode, values) => void apply(mode, values)} />
    </div>
  );
}
