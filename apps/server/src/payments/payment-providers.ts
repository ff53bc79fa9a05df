// The registry of payment providers. A second provider adds its folder and one line here.
import { epayProvider } from './epay/epay-provider';
import type { PaymentProvider } from './payment-provider';

/** Every payment provider the server knows, in preference order. */
export const paymentProviders: readonly PaymentProvider[] = [epayProvider];

/** The provider that serves `/api/user/pay` (the PayMethods buttons): the first enabled one, or null. */
export function checkoutProvider(options: Parameters<PaymentProvider['enabled']>[0]): PaymentProvider | null {
  return paymentProviders.find((provider) => provider.enabled(options)) ?? null;
}
