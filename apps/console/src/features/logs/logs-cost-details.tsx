// The expanded row of a log record: its billing breakdown (one row per billing unit, whatever the unit), the formula
// rendered by @turnpike/contract, details and warnings.
import { Alert, Descriptions, Space, Table, Typography } from 'antd';
import type { DescriptionsProps, TableColumnsType } from 'antd';
import { formatFormulaNumber, LogType, renderBillingFormula, wordsOfBillingUnit, type BillingBreakdownRow, type UsageLogItem } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '../../i18n/i18n';
import { getQuotaPerUnit } from '../../lib/quota-format';
import { billedGroupRatio, parseLogOther, recordBreakdown, retryChain } from './logs-rules';

/** The billing rows of a consumption record as a small table: unit, quantity, rate (and what it is made of), quota. */
function BreakdownTable({ rows, recordId, language }: { rows: BillingBreakdownRow[]; recordId: number; language: 'zh' | 'en' }) {
  const { t } = useTranslation();
  const n = formatFormulaNumber;
  const columns: TableColumnsType<BillingBreakdownRow> = [
    { key: 'unit', title: t('logs.billingUnit'), render: (_, row) => wordsOfBillingUnit(row.unit, language).quantity },
    { key: 'quantity', title: t('logs.billingQuantity'), align: 'right', render: (_, row) => n(row.quantity) },
    {
      key: 'rate',
      title: t('logs.billingRate'),
      align: 'right',
      render: (_, row) => (
        <>
          <div>{n(row.rate)}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {wordsOfBillingUnit(row.unit, language).rate}
          </Typography.Text>
        </>
      ),
    },
    { key: 'quota', title: t('logs.billingQuota'), align: 'right', render: (_, row) => row.quota },
  ];
  return (
    <Table<BillingBreakdownRow>
      data-testid={`log-breakdown-${recordId}`}
      size="small"
      bordered
      pagination={false}
      rowKey="unit"
      columns={columns}
      dataSource={rows}
    />
  );
}

/** The cost breakdown and details of one record; `admin` adds the channels tried. */
export function LogCostDetails({ record, admin }: { record: UsageLogItem; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language) ?? 'zh';
  const other = parseLogOther(record.other);
  const items: NonNullable<DescriptionsProps['items']> = [];
  const add = (key: string, label: string, children: React.ReactNode) => items.push({ key, label, children });
  const consume = record.type === LogType.Consume;
  const group = billedGroupRatio(other);

  if (consume) {
    add('group_ratio', group.exclusive ? t('logs.exclusiveGroupRatio') : t('logs.groupRatio'), formatFormulaNumber(group.ratio));
    if (other.reasoning_effort) add('reasoning_effort', t('logs.reasoningEffort'), other.reasoning_effort);
  }
  if (other.is_model_mapped && other.upstream_model_name) add('upstream', t('logs.upstreamModel'), other.upstream_model_name);
  const chain = admin ? retryChain(other.useChannel) : null;
  if (chain) add('retry', t('logs.retryChain'), chain);
  if (record.content) add('content', t('logs.logContent'), <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{record.content}</Typography.Text>);

  const quotaPerUnit = getQuotaPerUnit();
  const rows = consume ? recordBreakdown(record, other, quotaPerUnit) : null;
  const formula = rows ? renderBillingFormula(rows, group.ratio, language) : null;

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid={`log-details-${record.id}`}>
      {items.length > 0 ? <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} items={items} title={consume ? t('logs.costDetails') : undefined} /> : null}
      {/* The table shares its block with the formula: a nested table alone in an expanded row gets antd's indent. */}
      {formula ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {rows && rows.length > 0 ? <BreakdownTable rows={rows} recordId={record.id} language={language} /> : null}
          <div data-testid={`log-formula-${record.id}`}>
            <Typography.Text strong>{t('logs.billingProcess')}</Typography.Text>
            <div>
              <Typography.Text type="secondary" data-testid={`log-formula-words-${record.id}`}>
                {formula.words}
              </Typography.Text>
            </div>
            <div>
              <Typography.Text code data-testid={`log-formula-numbers-${record.id}`}>
                {formula.numbers}
              </Typography.Text>{' '}
              <Typography.Text type="secondary" data-testid={`log-formula-dollars-${record.id}`}>
                {t('logs.dollarEquivalent', { amount: (formula.quota / (quotaPerUnit > 0 ? quotaPerUnit : 500000)).toFixed(6) })}
              </Typography.Text>
            </div>
          </div>
        </div>
      ) : null}
      {other.warnings && other.warnings.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid={`log-warnings-${record.id}`}
          message={t('logs.warnings')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {other.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Space>
  );
}
