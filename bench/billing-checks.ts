// The billing checks: every completed call logged once and billed exactly, in the balance, the logs and the hourly buckets.
import type { BenchReport } from './bench-report';
import { costPerCall, type BillingSnapshot } from './turnpike-admin';

/** Compares the bench user's billing before and after a run with `completed` calls at `cost` each. */
export function checkBilling(report: BenchReport, label: string, before: BillingSnapshot, after: BillingSnapshot, completed: number, cost = costPerCall): void {
  const expected = completed * cost;
  const logged = after.consumeLogs - before.consumeLogs;
  const charged = before.quota - after.quota;
  const loggedQuota = after.loggedQuota - before.loggedQuota;
  const aggregated = after.aggregatedCalls - before.aggregatedCalls;
  const counted = after.requestCount - before.requestCount;
  report.check(`${label}: every call logged`, logged === completed, `${logged} consumption log rows for ${completed} calls`);
  report.check(`${label}: every call billed`, charged === expected && after.usedQuota - before.usedQuota === expected && loggedQuota === expected, `balance −${charged}, used +${after.usedQuota - before.usedQuota}, logged ${loggedQuota}; expected ${completed} × ${cost} = ${expected}`);
  report.check(`${label}: hourly buckets and request count`, aggregated === completed && counted === completed, `buckets +${aggregated}, request_count +${counted} for ${completed} calls`);
}

/**
 * The checks for a timed run (wrk), whose last calls are cut in flight: each cut call may or may not have been billed
 * (a stream cut mid-answer is billed for what was sent), so the count is bounded rather than exact, and the money must
 * still agree everywhere: balance, used quota, the log rows' sum and the hourly buckets.
 */
export function checkBillingTimed(report: BenchReport, label: string, before: BillingSnapshot, after: BillingSnapshot, completed: number, inFlight: number, cost = costPerCall): void {
  const logged = after.consumeLogs - before.consumeLogs;
  const charged = before.quota - after.quota;
  const loggedQuota = after.loggedQuota - before.loggedQuota;
  const used = after.usedQuota - before.usedQuota;
  const aggregated = after.aggregatedCalls - before.aggregatedCalls;
  const counted = after.requestCount - before.requestCount;
  report.check(`${label}: every answered call logged`, logged >= completed && logged <= completed + inFlight, `${logged} consumption log rows for ${completed} answered calls and at most ${inFlight} cut at the end`);
  report.check(`${label}: balance, used quota and log rows agree`, charged === used && charged === loggedQuota && charged >= completed * cost && charged <= (completed + inFlight) * cost, `balance −${charged}, used +${used}, logged ${loggedQuota}; answered calls alone cost ${completed * cost}`);
  report.check(`${label}: hourly buckets and request count`, aggregated === logged && counted === logged, `buckets +${aggregated}, request_count +${counted} for ${logged} logged calls`);
}
