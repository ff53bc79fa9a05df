// `GET /api/user/topup/info`: what the top-up page offers, in new-api's shape (new-api-contracts.md §6), computed from
// Turnpike's own settings. Turnpike has Epay and redemption codes; Stripe, Creem and Waffo do not exist here, so their
// switches are off, and there is no payment-compliance gate, so payments and redemption are never held back by one.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { accessFor } from '../http/auth-guard';
import { success } from '../http/envelope';
import type { OptionStore } from '../options/option-store';
import { paymentProviders } from '../payments/payment-providers';

/** The top-up page's settings as new-api's consoles read them. */
export interface TopUpInfo {
  enable_online_topup: boolean;
  enable_stripe_topup: boolean;
  enable_creem_topup: boolean;
  enable_waffo_topup: boolean;
  enable_waffo_pancake_topup: boolean;
  enable_redemption: boolean;
  payment_compliance_confirmed: boolean;
  payment_compliance_terms_version: string;
  waffo_pay_methods: null;
  creem_products: string;
  pay_methods: unknown[];
  min_topup: number;
  stripe_min_topup: number;
  waffo_min_topup: number;
  waffo_pancake_min_topup: number;
  amount_options: number[];
  discount: Record<string, number>;
  topup_link: string;
}

/** Reads the top-up page's settings from the options. */
export function topUpInfo(options: OptionStore): TopUpInfo {
  const epay = paymentProviders.find((provider) => provider.id === 'epay');
  const minimum = options.number('MinTopUp');
  return {
    enable_online_topup: epay?.enabled(options) ?? false,
    enable_stripe_topup: false,
    enable_creem_topup: false,
    enable_waffo_topup: false,
    enable_waffo_pancake_topup: false,
    enable_redemption: true,
    payment_compliance_confirmed: true,
    payment_compliance_terms_version: 'v1',
    waffo_pay_methods: null,
    creem_products: '[]',
    pay_methods: options.json<unknown[] | null>('PayMethods') ?? [],
    min_topup: minimum,
    // The gateways that do not exist here keep new-api's default minimum.
    stripe_min_topup: 1,
    waffo_min_topup: 1,
    waffo_pancake_min_topup: 1,
    amount_options: options.json<number[] | null>('payment_setting.amount_options') ?? [],
    discount: options.json<Record<string, number> | null>('payment_setting.amount_discount') ?? {},
    topup_link: options.string('TopUpLink'),
  };
}

/** Registers `GET /api/user/topup/info` (signed-in users). */
export function registerTopUpInfoRoutes(app: FastifyInstance, context: AppContext): void {
  app.get('/api/user/topup/info', accessFor(context)('user'), async () => success(topUpInfo(context.options)));
}
