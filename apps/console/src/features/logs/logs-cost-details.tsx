// The expanded row of a log record: ratios from `other`, the billing formula with the numbers, details and warnings.
import { Alert, Descriptions, Space, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { LogType, type UsageLogItem } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { getQuotaPerUnit } from '../../lib/quota-format';
import { billedGroupRatio, buildCostFormula, formatFormulaNumber, isPriceMode, parseLogOther, retryChain } from './logs-rules';

/** The cost breakdown and details of one record; `admin` adds the channels tried. */
export function LogCostDetails({ record, admin }: { record: UsageLogItem; admin: boolean }) {
  const { t } = useTranslation();
  const other = parseLogOther(record.other);
  const n = formatFormulaNumber;
  const items: NonNullable<DescriptionsProps['items']> = [];
  const add = (key: string, label: string, children: React.ReactNode) => items.push({ key, label, children });
  const consume = record.type === LogType.Consume;

  if (consume) {
    if (isPriceMode(other)) add('price', t('logs.modelPrice'), `$${n(other.model_price ?? 0)}`);
    else {
      add('model_ratio', t('logs.modelRatio'), n(other.model_ratio ?? 0));
      add('completion_ratio', t('logs.completionRatio'), n(other.completion_ratio ?? 1));
      if ((other.cache_tokens ?? 0) > 0) {
        add('cache_tokens', t('logs.cacheTokens'), other.cache_tokens);
        add('cache_ratio', t('logs.cacheRatio'), n(other.cache_ratio ?? 1));
      }
      if ((other.cache_creation_tokens ?? 0) > 0) {
        add('cache_creation_tokens', t('logs.cacheCreationTokens'), other.cache_creation_tokens);
        add('cache_creation_ratio', t('logs.cacheCreationRatio'), n(other.cache_creation_ratio ?? 1));
      }
    }
    const group = billedGroupRatio(other);
    add('group_ratio', group.exclusive ? t('logs.exclusiveGroupRatio') : t('logs.groupRatio'), n(group.ratio));
    if (other.reasoning_effort) add('reasoning_effort', t('logs.reasoningEffort'), other.reasoning_effort);
  }
  if (other.is_model_mapped && other.upstream_model_name) add('upstream', t('logs.upstreamModel'), other.upstream_model_name);
  const chain = admin ? retryChain(other.useChannel) : null;
  if (chain) add('retry', t('logs.retryChain'), chain);
  if (record.content) add('content', t('logs.logContent'), <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{record.content}</Typography.Text>);

  const formula = consume ? buildCostFormula({ promptTokens: record.prompt_tokens, completionTokens: record.completion_tokens, quota: record.quota, quotaPerUnit: getQuotaPerUnit(), other }) : null;
  const formulaLabel = formula?.mode === 'price' ? t('logs.formulaPrice') : formula?.withCache ? t('logs.formulaRatioCache') : t('logs.formulaRatio');

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid={`log-details-${record.id}`}>
      {items.length > 0 ? <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} items={items} title={consume ? t('logs.costDetails') : undefined} /> : null}
      {formula ? (
        <div data-testid={`log-formula-${record.id}`}>
          <Typography.Text strong>{t('logs.billingProcess')}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{formulaLabel}</Typography.Text>
          </div>
          <div>
            <Typography.Text code data-testid={`log-formula-numbers-${record.id}`}>
              {formula.numeric}
            </Typography.Text>{' '}
            <Typography.Text type="secondary" data-testid={`log-formula-dollars-${record.id}`}>
              {t('logs.dollarEquivalent', { amount: formula.dollars.toFixed(6) })}
            </Typography.Text>
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
