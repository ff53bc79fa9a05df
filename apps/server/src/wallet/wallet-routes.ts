// `POST /api/user/amount` and `POST /api/user/pay`: the online top-up quote and checkout (spec 001 §7 Wallet).
// The payment provider itself comes later: until then a valid checkout answers that it is not available.
import { decimalFromNumber, multiplyDecimals, roundDecimal } from '@turnpike/relay';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { accessFor, currentUser } from '../http/auth-guard';
import { parseInput, success } from '../http/envelope';
import type { OptionStore } from '../options/option-store';

/** Messages of the wallet routes. */
export const walletMessages = {
  notEnabled: 'the admin has not enabled online top-up',
  providerUnavailable: 'online payment provider is not available yet',
  unknownMethod: 'the payment method does not exist',
  belowMinimum: (minimum: number): string => `the top-up amount cannot be less than ${minimum}`,
} as const;

const amountSchema = z.object({
  amount: z.coerce.number({ error: 'amount must be a number' }).int('amount must be an integer'),
  top_up_code: z.string().optional().default(''),
});

const paySchema = amountSchema.extend({
  payment_method: z.string({ error: 'please choose a payment method' }).trim().min(1, 'please choose a payment method'),
});

/** True when the epay address, merchant id and key are all configured. */
export function onlineTopUpEnabled(options: OptionStore): boolean {
  return options.string('PayAddress') !== '' && options.string('EpayId') !== '' && options.string('EpayKey') !== '';
}

/** Money to pay for `amount` top-up units: amount × Price × TopupGroupRatio[group] (1 when unset or 0), rounded to 2 decimals exactly. */
export function payableMoney(options: OptionStore, amount: number, group: string): number {
  const ratios = options.json<Record<string, number> | null>('TopupGroupRatio') ?? {};
  const groupRatio = ratios[group];
  const ratio = typeof groupRatio === 'number' && groupRatio > 0 ? groupRatio : 1;
  const cents = multiplyDecimals(decimalFromNumber(amount), decimalFromNumber(options.number('Price')), decimalFromNumber(ratio), decimalFromNumber(100));
  return roundDecimal(cents) / 100;
}

/** Checks the shared preconditions of both calls: online top-up enabled and the amount at least MinTopUp. */
function checkTopUp(options: OptionStore, amount: number): void {
  if (!onlineTopUpEnabled(options)) throw badRequest(walletMessages.notEnabled);
  const minimum = options.number('MinTopUp');
  if (amount < minimum) throw badRequest(walletMessages.belowMinimum(minimum));
}

/** Registers the wallet routes. */
export function registerWalletRoutes(app: FastifyInstance, context: AppContext): void {
  const access = accessFor(context);

  app.post('/api/user/amount', access('user'), async (request) => {
    const { amount } = parseInput(amountSchema, request.body);
    checkTopUp(context.options, amount);
    return success(payableMoney(context.options, amount, currentUser(request).group));
  });

  app.post('/api/user/pay', access('user'), async (request) => {
    const { amount, payment_method: method } = parseInput(paySchema, request.body);
    checkTopUp(context.options, amount);
    const methods = context.options.json<Array<{ type: string }> | null>('PayMethods') ?? [];
    if (!methods.some((entry) => entry.type === method)) throw badRequest(walletMessages.unknownMethod);
    throw badRequest(walletMessages.providerUnavailable);
  });
}
