// The wallet's online top-up section: preset or custom amount (at least the minimum), live payable amount, pay methods,
// confirm, then the signed form is submitted to the payment gateway in this tab (it sends the browser back to /topup).
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, InputNumber, Modal, Space, Typography } from 'antd';
import { topupPresetAmounts } from '@turnpike/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { useSiteStatus } from '../../lib/site-status';
import { StorageKeys } from '../../lib/storage';
import { useStoredValue } from '../../lib/stored-value';
import { usePayableAmount, useStartPayment } from './wallet-api';
import {
  formatMoney,
  minimumTopUp,
  normalizeTopUpAmount,
  parsePayAnswer,
  parsePayMethods,
  payMethodColor,
  presetAmounts,
  topUpProblem,
  type PayForm,
  type PayMethod,
} from './wallet-rules';

function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** Sends the browser to the provider's checkout page with the signed form (it returns to /topup afterwards). */
function submitPayForm({ url, method, fields }: PayForm): void {
  const form = document.createElement('form');
  form.action = url;
  form.method = method;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  document.body.removeChild(form);
}

/** Props of the section: the redemption code text, sent along as top_up_code. */
export interface OnlineTopUpCardProps {
  topUpCode: string;
}

/** Online top-up with POST /api/user/amount (payable, live) and POST /api/user/pay. */
export function OnlineTopUpCard({ topUpCode }: OnlineTopUpCardProps) {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const enabled = status.enable_online_topup === true;
  const minimum = minimumTopUp(status.min_topup);
  const methods = useStoredValue(StorageKeys.payMethods, parsePayMethods);
  const [amountInput, setAmountInput] = useState<number | null>(minimum);
  const [pending, setPending] = useState<PayMethod | null>(null);
  const amount = normalizeTopUpAmount(amountInput);
  const request = useDebouncedValue({ amount, code: topUpCode.trim() }, 400);
  const requestProblem = topUpProblem(request.amount, minimum, enabled);
  const payable = usePayableAmount(request.amount, request.code, requestProblem === null);
  const startPayment = useStartPayment();

  const choose = (method: PayMethod): void => {
    const problem = topUpProblem(amount, minimum, enabled);
    if (problem === 'notEnabled') notify.error(t('wallet.online.notEnabled'));
    else if (problem === 'belowMinimum') notify.error(t('wallet.online.belowMinimum', { minimum }));
    else setPending(method);
  };

  const pay = (): void => {
    if (!pending) return;
    startPayment.mutate(
      { amount, top_up_code: topUpCode.trim(), payment_method: pending.type },
      {
        onSuccess: (data) => {
          const form = parsePayAnswer(data);
          if (form) {
            notify.info(t('wallet.online.redirecting'));
            submitPayForm(form);
          } else {
            notify.error(t('wallet.online.payFailed'));
          }
          setPending(null);
        },
        onError: () => setPending(null),
      },
    );
  };

  const settled = request.amount === amount;
  let payableText: React.ReactNode;
  if (amount < minimum) payableText = <Typography.Text type="danger">{t('wallet.online.belowMinimum', { minimum })}</Typography.Text>;
  else if (!settled || payable.isFetching) payableText = <Typography.Text type="secondary">{t('wallet.online.calculating')}</Typography.Text>;
  else if (payable.isError) payableText = <Typography.Text type="danger">{payable.error.message}</Typography.Text>;
  else payableText = <Typography.Text strong>{t('wallet.online.payableValue', { money: formatMoney(payable.data ?? 0) })}</Typography.Text>;

  return (
    <Card title={t('wallet.online.title')} data-testid="wallet-online-card" style={{ height: '100%' }}>
      <Form layout="vertical" component="div">
        <Form.Item label={t('wallet.online.presets')}>
          <Space wrap data-testid="wallet-presets">
            {presetAmounts(topupPresetAmounts, minimum).map((preset) => (
              <Button key={preset} type={amount === preset ? 'primary' : 'default'} onClick={() => setAmountInput(preset)} data-testid={`wallet-preset-${preset}`}>
                {preset}
              </Button>
            ))}
          </Space>
        </Form.Item>
        <Form.Item label={t('wallet.online.amount')} extra={t('wallet.online.minimumHint', { minimum })}>
          <InputNumber
            name="amount"
            min={1}
            precision={0}
            value={amountInput}
            onChange={(value) => setAmountInput(typeof value === 'number' ? value : null)}
            onBlur={() => setAmountInput(amount)}
            placeholder={t('wallet.online.amountPlaceholder', { minimum })}
            style={{ width: '100%' }}
            data-testid="wallet-topup-amount"
          />
        </Form.Item>
        <Form.Item label={t('wallet.online.payable')}>
          <span data-testid="wallet-payable">{payableText}</span>
        </Form.Item>
        <Form.Item label={t('wallet.online.methods')} style={{ marginBottom: 0 }}>
          {methods === null ? (
            <Alert type="error" showIcon title={t('wallet.online.methodsConfigError')} data-testid="wallet-methods-error" />
          ) : methods.length === 0 ? (
            <Typography.Text type="secondary">{t('wallet.online.noMethods')}</Typography.Text>
          ) : (
            <Space wrap>
              {methods.map((method) => (
                <Button
                  key={method.type}
                  onClick={() => choose(method)}
                  style={{ borderColor: payMethodColor(method), color: payMethodColor(method) }}
                  data-testid={`wallet-pay-${method.type}`}
                >
                  {method.name}
                </Button>
              ))}
            </Space>
          )}
        </Form.Item>
      </Form>
      <Modal
        open={pending !== null}
        title={t('wallet.online.confirmTitle')}
        okText={t('wallet.online.confirmOk')}
        cancelText={t('common.cancel')}
        onOk={pay}
        onCancel={() => setPending(null)}
        confirmLoading={startPayment.isPending}
        okButtonProps={{ 'data-testid': 'wallet-pay-confirm' } as React.ComponentProps<typeof Button>}
        data-testid="wallet-pay-confirm-modal"
      >
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('wallet.online.confirmAmount')}>{amount}</Descriptions.Item>
          <Descriptions.Item label={t('wallet.online.confirmPayable')}>{payableText}</Descriptions.Item>
          <Descriptions.Item label={t('wallet.online.confirmMethod')}>{pending?.name}</Descriptions.Item>
        </Descriptions>
      </Modal>
    </Card>
  );
}
