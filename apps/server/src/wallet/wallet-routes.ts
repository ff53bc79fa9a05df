// `POST /api/user/amount` and `POST /api/user/pay`: the online top-up quote and checkout (spec 001 §7 Wallet),
// and `GET /api/user/topup/self`: the caller's own top-up orders.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PayRedirect } from '@turnpike/contract';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, readPaging, success } from '../http/envelope';
import type { OptionStore } from '../options/option-store';
import { checkoutProvider } from '../payments/payment-providers';
import { criticalLimitPerUser } from '../rate-limit/critical-rate-limit';
import { createTopupOrder, listTopupOrders, newTradeNo } from '../payments/topup-orders';
import { quoteTopUp } from './topup-pricing';

/** Messages of the wallet routes. */
export const walletMessages = {
  notEnabled: 'the admin has not enabled online top-up',
  unknownMethod: 'the payment method does not exist',
} as const;

const amountSchema = z.object({
  amount: z.coerce.number({ error: 'amount must be a number' }).int('amount must be an integer'),
  top_up_code: z.string().optional().default(''),
});

const paySchema = amountSchema.extend({
  payment_method: z.string({ error: 'please choose a payment method' }).trim().min(1, 'please choose a payment method'),
});

/** Money to pay for `amount` top-up units, as a number with two decimals (the quote of `quoteTopUp`). */
export function payableMoney(options: OptionStore, amount: number, group: string): number {
  return quoteTopUp(options, amount, group).cents / 100;
}

/** The browser-facing site address: ServerAddress, else the request's origin; no trailing slash. */
function siteAddress(options: OptionStore, request: FastifyRequest): string {
  return (options.string('ServerAddress') || `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

/** Where providers call back: CustomCallbackAddress, else the site address; no trailing slash. */
function callbackAddress(options: OptionStore, request: FastifyRequest): string {
  return (options.string('CustomCallbackAddress') || siteAddress(options, request)).replace(/\/+$/, '');
}

/** Registers the wallet routes. */
export function registerWalletRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);

  app.post('/api/user/amount', access('user'), async (request) => {
    const { amount } = parseInput(amountSchema, request.body);
    if (checkoutProvider(context.options) === null) throw badRequest(walletMessages.notEnabled);
    return success(payableMoney(context.options, amount, currentUser(request).group));
  });

  // Starting a payment is a critical call (as in new-api): each one stores an order.
  app.post('/api/user/pay', access('user', criticalLimitPerUser(context, 'topup-pay')), async (request) => {
    const { amount, payment_method: method } = parseInput(paySchema, request.body);
    const provider = checkoutProvider(context.options);
    if (!provider) throw badRequest(walletMessages.notEnabled);
    const user = currentUser(request);
    const quote = quoteTopUp(context.options, amount, user.group);
    const methods = context.options.json<Array<{ type: string }> | null>('PayMethods') ?? [];
    if (!methods.some((entry) => entry.type === method)) throw badRequest(walletMessages.unknownMethod);
    const tradeNo = newTradeNo(user.id);
    const redirect = await provider.createOrder(
      {
        tradeNo,
        money: quote.money,
        method,
        name: `TUC${quote.amount}`,
        notifyUrl: `${callbackAddress(context.options, request)}${provider.notifyPath}`,
        returnUrl: `${siteAddress(context.options, request)}/topup`,
      },
      context.options,
    );
    await createTopupOrder(context, user, { tradeNo, quote, provider: provider.id, method });
    const answer: PayRedirect = { ...redirect, trade_no: tradeNo };
    return success(answer);
  });

  app.get('/api/user/topup/self', access('user'), async (request) => {
    const query = request.query as Record<string, unknown>;
    const { page, pageSize, offset } = readPaging(query);
    const keyword = String(query.keyword ?? '').trim();
    const result = await listTopupOrders(context, { userId: currentUser(request).id, keyword }, { pageSize, offset });
    return success({ ...result, page, page_size: pageSize });
  });
}
