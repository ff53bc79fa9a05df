// The result of a payment after the gateway sends the browser back to /topup?out_trade_no=…: the order's status as
// the server knows it (the return URL's own parameters are not trusted), asked again while the payment is pending.
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TopupStatus } from '@turnpike/contract';
import { renderQuota } from '../../lib/quota-format';
import { useReturnedOrder } from './wallet-api';
import { returnedTradeNo } from './wallet-rules';

/** Shows the returned order's result; nothing when the page was not opened by a gateway return. */
export function TopupResult() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tradeNo = returnedTradeNo(search);
  const order = useReturnedOrder(tradeNo);
  if (tradeNo === null) return null;
  const close = (
    <Button size="small" type="text" onClick={() => setSearch({}, { replace: true })} data-testid="wallet-result-close">
      {t('common.close')}
    </Button>
  );
  if (order.isPending) return <Alert type="info" showIcon title={t('wallet.result.checking')} action={close} data-testid="wallet-result" />;
  const data = order.data;
  if (!data) return <Alert type="warning" showIcon title={t('wallet.result.notFound', { tradeNo })} action={close} data-testid="wallet-result" />;
  if (data.status === TopupStatus.Success) {
    return (
      <Alert
        type="success"
        showIcon
        title={t('wallet.result.success', { quota: renderQuota(data.quota) })}
        description={t('wallet.result.order', { tradeNo, money: data.money.toFixed(2) })}
        action={close}
        data-testid="wallet-result"
        data-status="success"
      />
    );
  }
  return (
    <Alert
      type="info"
      showIcon
      title={t('wallet.result.pending')}
      description={t('wallet.result.order', { tradeNo, money: data.money.toFixed(2) })}
      action={close}
      data-testid="wallet-result"
      data-status="pending"
    />
  );
}
