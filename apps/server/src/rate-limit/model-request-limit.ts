// Per-user model request limits (ModelRequestRateLimit* options, group overrides as {group: [total, success]}).
import type { AppContext } from '../context';

/** The limits in force for a group: total requests (0 = no limit) and successful requests per window. */
export interface ModelRequestLimits {
  total: number;
  success: number;
  windowSeconds: number;
}

/** The limits for `group`, or null when limiting is off. */
export function modelRequestLimits(context: AppContext, group: string): ModelRequestLimits | null {
  const { options } = context;
  if (!options.bool('ModelRequestRateLimitEnabled')) return null;
  const windowSeconds = Math.max(1, options.number('ModelRequestRateLimitDurationMinutes') * 60);
  const override = options.json<Record<string, [number, number]>>('ModelRequestRateLimitGroup')[group];
  const [total, success] = override ?? [options.number('ModelRequestRateLimitCount'), options.number('ModelRequestRateLimitSuccessCount')];
  return { total, success, windowSeconds };
}

/** Why a call is refused, or null when it may proceed; counts it toward the total limit. */
export async function admitModelRequest(context: AppContext, userId: number, group: string): Promise<string | null> {
  const limits = modelRequestLimits(context, group);
  if (!limits) return null;
  const store = context.rateLimits;
  if (limits.success > 0 && (await store.peek(`mrrl:success:${userId}`)) >= limits.success) {
    return `you have reached the limit of ${limits.success} successful requests in ${limits.windowSeconds / 60} minutes`;
  }
  if (limits.total > 0 && (await store.hit(`mrrl:total:${userId}`, limits.windowSeconds)).count > limits.total) {
    return `you have reached the limit of ${limits.total} requests in ${limits.windowSeconds / 60} minutes`;
  }
  return null;
}

/** Counts a successful call toward the success limit. */
export async function recordModelRequestSuccess(context: AppContext, userId: number, group: string): Promise<void> {
  const limits = modelRequestLimits(context, group);
  if (limits && limits.success > 0) await context.rateLimits.hit(`mrrl:success:${userId}`, limits.windowSeconds);
}
