// The one interface every online payment provider implements (Epay first), so a second one is a new folder
// plus a registry line, with no change to the order store or the routes.
//
// How a Stripe-style webhook fits unchanged:
// - `createOrder` is async, so it may call the provider's API first (create a Checkout Session) and answer
//   `{url: session.url, method: 'GET', fields: {}}`: the browser simply goes there.
// - `verifyNotify` receives the raw body bytes and the headers, which is what a signature over the exact body
//   needs (Stripe-Signature: HMAC-SHA256 of `t.rawBody` with the webhook secret). It maps
//   `checkout.session.completed` to `{kind: 'paid', tradeNo: session.client_reference_id, paidMoney: amount_total
//   as decimal text}`, other event types to `{kind: 'ignored'}`.
// - `answer` lets the provider speak its own acknowledgement: Epay wants the text `success`, Stripe a 2xx
//   (and a 4xx/5xx to retry).
import type { OptionStore } from '../options/option-store';

/** What the server asks the provider to charge. */
export interface PaymentOrder {
  tradeNo: string;
  /** Money to charge, exact decimal text with two places ("73.00"). */
  money: string;
  /** The pay method the user chose (one of PayMethods' types). */
  method: string;
  /** A short product name shown at the gateway. */
  name: string;
  /** Where the provider calls back server to server. */
  notifyUrl: string;
  /** Where the provider sends the browser back after paying. */
  returnUrl: string;
}

/** Where the browser goes to pay: a form to submit (POST) or a page to open (GET), with its fields. */
export interface PaymentRedirect {
  url: string;
  method: 'POST' | 'GET';
  fields: Record<string, string>;
}

/** An incoming notification, as raw as the provider may need it for its signature check. */
export interface PaymentNotice {
  method: string;
  query: Record<string, string>;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** The provider's reading of a notification. */
export type NoticeVerdict =
  /** Authentic and paid: credit `tradeNo` if `paidMoney` (decimal text) matches the order. */
  | { kind: 'paid'; tradeNo: string; paidMoney: string }
  /** Authentic, but not a payment (pending, closed, another event type): acknowledge, change nothing. */
  | { kind: 'ignored'; tradeNo: string }
  /** Not authentic or malformed: refuse. */
  | { kind: 'refused'; reason: string };

/** The HTTP answer to a notification. */
export interface NoticeAnswer {
  statusCode: number;
  contentType: string;
  body: string;
}

/** One online payment provider. */
export interface PaymentProvider {
  /** Stored in the order's `provider` column; a notify for an order of another provider is refused. */
  readonly id: string;
  /** The notify route (spec path), answering GET and POST. */
  readonly notifyPath: string;
  /** True when the options hold everything the provider needs. */
  enabled(options: OptionStore): boolean;
  /** Prepares the payment at the provider and tells where the browser goes. */
  createOrder(order: PaymentOrder, options: OptionStore): Promise<PaymentRedirect>;
  /** Checks a notification's authenticity and reads it. */
  verifyNotify(notice: PaymentNotice, options: OptionStore): NoticeVerdict;
  /** The answer for a handled notice (`accepted`: credited, already credited or ignored) or a refused one. */
  answer(accepted: boolean): NoticeAnswer;
}
