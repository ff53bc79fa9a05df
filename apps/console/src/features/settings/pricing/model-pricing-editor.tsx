// The visual model pricing editor (spec 001 §2): per-token or per-request rows, 10 a page, search, add, delete, batch set.
import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Input, Space, Table, Typography } from 'antd';
import { PlusOutlined, SaveOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useEnabledModels } from '../settings-api';
import { PriceEntryModal } from './price-entry-modal';
import { PricingAddModal } from './pricing-add-modal';
import { PricingBatchModal } from './pricing-batch-modal';
import { buildPricingColumns, type PricingField } from './pricing-columns';
import { applyBatch, buildPricingRows, PricingPageSize, findInvalidRow, isNumberDraft, isUnpriced, serializePricingRows, type PricingMode, type PricingRow } from './pricing-rules';
import { useListPrices } from './use-list-prices';
import { useSavePricing, useStoredPricingMaps } from './use-save-pricing';

/** The editor; rows come from the stored maps plus the enabled models, and are saved as ModelPrice/ModelRatio/CompletionRatio. */
export function ModelPricingEditor() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const stored = useStoredPricingMaps();
  const enabled = useEnabledModels();
  const listPrices = useListPrices();
  const { save, saving } = useSavePricing();
  const storedKey = JSON.stringify(stored);
  const enabledKey = (enabled.data ?? []).join('\n');
  const [rows, setRows] = useState<PricingRow[]>(() => buildPricingRows(stored, enabled.data ?? []));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [addOpen, setAddOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [priceRow, setPriceRow] = useState<PricingRow | null>(null);

  // Start over from the server whenever the stored maps or the enabled models change.
  useEffect(() => {
    setRows(buildPricingRows(JSON.parse(storedKey) as typeof stored, enabledKey === '' ? [] : enabledKey.split('\n')));
    setSelected([]);
  }, [storedKey, enabledKey]);

  const filtered = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle === '' ? rows : rows.filter((row) => row.name.toLowerCase().includes(needle));
  }, [rows, search]);
  // Models the options leave unpriced are billed at the catalog's list price when it has one.
  const unpricedCount = useMemo(() => rows.filter((row) => isUnpriced(row) && !(row.mode === 'token' && listPrices.has(row.name))).length, [rows, listPrices]);

  const columns = useMemo(
    () =>
      buildPricingColumns({
        t,
        isMobile,
        onField: (name: string, field: PricingField, value: string) => {
          if (!isNumberDraft(value)) {
            notify.error(t('settings.pricing.notNumber'));
            return;
          }
          setRows((current) => current.map((row) => (row.name === name ? { ...row, [field]: value.trim() } : row)));
        },
        onMode: (name: string, mode: PricingMode) => setRows((current) => current.map((row) => (row.name === name ? { ...row, mode } : row))),
        onPriceEntry: setPriceRow,
        onDelete: (name: string) => {
          setRows((current) => current.filter((row) => row.name !== name));
          setSelected((current) => current.filter((item) => item !== name));
        },
        listPrices,
      }),
    [t, isMobile, listPrices],
  );

  const submit = async (): Promise<void> => {
    const invalid = findInvalidRow(rows);
    if (invalid) {
      notify.error(t('settings.pricing.invalidRow', { model: invalid.name }));
      return;
    }
    await save(serializePricingRows(rows));
  };

  const openBatch = (): void => {
    if (selected.length === 0) notify.error(t('settings.pricing.noSelection'));
    else setBatchOpen(true);
  };

  return (
    <div data-testid="model-price-editor">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<PlusOutlined />} onClick={() => setAddOpen(true)} data-testid="model-price-add">
          {t('settings.pricing.addModel')}
        </Button>
        <Button onClick={openBatch} data-testid="model-price-batch">
          {t('settings.pricing.batchSet')}
          {selected.length > 0 ? ` (${selected.length})` : ''}
        </Button>
        <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void submit()} data-testid="model-price-save">
          {t('settings.pricing.saveChanges')}
        </Button>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('settings.pricing.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          data-testid="model-price-search"
          style={{ width: isMobile ? '100%' : 240 }}
        />
      </Space>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('settings.pricing.unsavedHint')} />
      <Typography.Paragraph type="secondary" data-testid="model-price-summary">
        {t('settings.pricing.rowsSummary', { count: rows.length, unpriced: unpricedCount })}
      </Typography.Paragraph>
      <Table<PricingRow>
        rowKey="name"
        size="small"
        data-testid="model-price-table"
        columns={columns}
        dataSource={filtered}
        loading={enabled.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('settings.pricing.empty') }}
        onRow={(row) => ({ 'data-testid': `model-price-row-${row.name}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => setSelected(keys.map(String)) }}
        pagination={{
          current: page,
          pageSize: PricingPageSize,
          showSizeChanger: false,
          total: filtered.length,
          onChange: setPage,
          showTotal: (total, range) => t('common.paginationTotal', { start: range[0], end: range[1], total }),
        }}
      />
      <PricingAddModal
        open={addOpen}
        existingNames={new Set(rows.map((row) => row.name))}
        onClose={() => setAddOpen(false)}
        onAdd={(row) => {
          setRows((current) => [row, ...current]);
          setAddOpen(false);
          setSearch('');
          setPage(1);
        }}
      />
      <PricingBatchModal
        open={batchOpen}
        selectedCount={selected.length}
        onClose={() => setBatchOpen(false)}
        onApply={(mode, values) => {
          setRows((current) => applyBatch(current, new Set(selected), mode, values));
          notify.success(t('settings.pricing.batchApplied', { count: selected.length }));
        }}
      />
      <PriceEntryModal
        row={priceRow}
        onClose={() => setPriceRow(null)}
        onApply={(name, ratios) => setRows((current) => current.map((row) => (row.name === name ? { ...row, mode: 'token', ...ratios } : row)))}
      />
    </div>
  );
}
