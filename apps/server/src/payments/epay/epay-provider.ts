// Epay (易支付), the payment aggregator new-api operators use: the browser posts a signed form to
// `<PayAddress>/submit.php`; the gateway calls `notify_url` (GET or POST form) with signed parameters until it
// reads `success`, and sends the browser to `return_url`.
import type { OptionStore } from '../../options/option-store';
import type { NoticeAnswer, NoticeVerdict, PaymentNotice, PaymentProvider } from '../payment-provider';
import { epaySign, epaySignatureValid } from './epay-sign';

/** The notify status of a paid order. */
const tradeSuccess = 'TRADE_SUCCESS';

/** Reads the notify parameters: the query string for GET, the url-encoded body for POST (over the query). */
function noticeParams(notice: PaymentNotice): Record<string, string> {
  const params: Record<string, string> = { ...notice.query };
  if (notice.method === 'POST' && notice.rawBody.length > 0) {
    for (const [key, value] of new URLSearchParams(notice.rawBody.toString('utf8'))) params[key] = value;
  }
  return params;
}

/** The Epay provider. */
export const epayProvider: PaymentProvider = {
  id: 'epay',
  notifyPath: '/api/user/epay/notify',

  enabled(options: OptionStore): boolean {
    return options.string('PayAddress') !== '' && options.string('EpayId') !== '' && options.string('EpayKey') !== '';
  },

  async createOrder(order, options) {
    const fields: Record<string, string> = {
      pid: options.string('EpayId'),
      type: order.method,
      out_trade_no: order.tradeNo,
      notify_url: order.notifyUrl,
      return_url: order.returnUrl,
      name: order.name,
      money: order.money,
      device: 'pc',
    };
    fields.sign = epaySign(fields, options.string('EpayKey'));
    fields.sign_type = 'MD5';
    return { url: `${options.string('PayAddress').replace(/\/+$/, '')}/submit.php`, method: 'POST', fields };
  },

  verifyNotify(notice, options): NoticeVerdict {
    const params = noticeParams(notice);
    const key = options.string('EpayKey');
    if (key === '' || !params.sign) return { kind: 'refused', reason: 'missing signature' };
    if (!epaySignatureValid(params, key)) return { kind: 'refused', reason: 'bad signature' };
    if (params.pid !== options.string('EpayId')) return { kind: 'refused', reason: 'another merchant' };
    const tradeNo = params.out_trade_no ?? '';
    if (tradeNo === '') return { kind: 'refused', reason: 'no trade number' };
    if (params.trade_status !== tradeSuccess) return { kind: 'ignored', tradeNo };
    return { kind: 'paid', tradeNo, paidMoney: params.money ?? '' };
  },

  answer(accepted): NoticeAnswer {
    return { statusCode: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
  },
};
