// The reserve of one relay call: hold its worst case (the prompt estimate plus its largest answer), or, when the
// balances cannot cover that, lower the call's output limit to what they can, so no call can spend more than its
// user and token hold. A call that cannot afford even a short answer is refused in the caller's own error shape.
import { affordableOutputTokens, minimalAnswerTokens, worstCaseQuota, type BillingQuote, type ReserveRequest } from '@turnpike/relay';
import type { Reservation, ReserveFailure } from '../billing/quota-ledger';
import { formatQuota } from '../logs/quota-text';
import type { RelayCaller } from './relay-caller';
import { RelayError } from './relay-error';
import type { RelayRequest } from './relay-request';
import type { RelayServices } from './relay-services';

/** Response header that tells the caller its output limit was lowered to what the balance affords. */
export const outputCapHeader = 'x-turnpike-output-cap';

/** A call with its reservation held. */
export interface ReservedCall {
  /** The call as it goes upstream: its output limit lowered when capped. */
  call: RelayRequest;
  reservation: Reservation;
  /** The output limit the balance afforded, when it was below what the call could produce; null otherwise. */
  outputCap: number | null;
  /** The output limit the reservation covers (the cap, the request's own limit, the catalog's or the default). */
  outputLimit: number;
}

/** The largest answer the call may produce: its own limit, else the catalog's maximum for the model, else the operator's default. */
function outputTokensOf(services: RelayServices, call: RelayRequest): number {
  if (call.endpoint.output === 'none') return 0;
  const requested = call.endpoint.maxTokens(call);
  if (requested > 0) return requested;
  return services.prices.maxOutputTokens(call.model) ?? services.context.options.number('DefaultMaxOutputTokens');
}

/** new-api's refusals: 403 with `pre_consume_token_quota_failed` or `insufficient_user_quota` and the amounts in its words. */
function refusal(services: RelayServices, reason: ReserveFailure, available: number, needed: number): RelayError {
  const { options } = services.context;
  if (reason === 'token_quota') {
    return new RelayError(403, `token quota is not enough, token remain quota: ${formatQuota(available, options)}, need quota: ${formatQuota(needed, options)}`, 'insufficient_quota', 'pre_consume_token_quota_failed');
  }
  return new RelayError(403, `user quota is not enough, user quota: ${formatQuota(available, options)}, need quota: ${formatQuota(needed, options)}`, 'insufficient_quota', 'insufficient_user_quota');
}

/** The call with its output limit set to `limit`, in the JSON it sends and in its canonical form. */
function limitCall(call: RelayRequest, limit: number): RelayRequest {
  const limitOutput = call.endpoint.limitOutput;
  if (!limitOutput) return call;
  const canonical = call.canonical;
  return { ...call, json: limitOutput(call.json, limit), canonical: () => ({ ...canonical(), maxTokens: limit }) };
}

/** Holds the call's worst case, capping its output to what the balances afford; throws the caller's refusal when even a short answer is not. */
export async function reserveCall(services: RelayServices, call: RelayRequest, caller: RelayCaller, quote: BillingQuote, promptEstimate: number): Promise<ReservedCall> {
  const { options } = services.context;
  const request: ReserveRequest = {
    promptTokens: promptEstimate,
    preConsumedQuota: options.number('PreConsumedQuota'),
    outputTokens: outputTokensOf(services, call),
    units: call.endpoint.units?.(call.json) ?? 1,
  };
  const worst = worstCaseQuota(quote, request);
  const cappable = call.endpoint.output === 'limited' && quote.pricing.mode === 'ratio' && options.bool('QuotaOutputCapEnabled');
  // The price of the shortest answer matters only to a call whose worst case does not fit: priced on demand.
  const minimum = cappable && request.outputTokens > minimalAnswerTokens ? (): number => worstCaseQuota(quote, { ...request, outputTokens: minimalAnswerTokens }) : worst;
  const apiKey = caller.apiKey;
  const reserved = await services.ledger.reserve(caller.user.id, apiKey?.id ?? 0, apiKey?.unlimited_quota === 1, worst, minimum);
  if (!reserved.ok) throw refusal(services, reserved.reason, reserved.available, typeof minimum === 'function' ? minimum() : minimum);
  const reservation = reserved.reservation;
  if (reservation.amount >= worst) return { call, reservation, outputCap: null, outputLimit: request.outputTokens };
  const cap = affordableOutputTokens(quote, request, reservation.amount, request.outputTokens);
  return { call: limitCall(call, Math.max(cap, 1)), reservation, outputCap: Math.max(cap, 1), outputLimit: Math.max(cap, 1) };
}
