// Channel selection, a pure function: candidates for (group, model) fall into priority tiers
// (highest first); retry n uses tier n, clamped to the lowest; inside a tier the pick is weighted random.
import type { RandomSource } from './random-source';

/** The fields selection needs from a channel. */
export interface ChannelCandidate {
  id: number;
  priority: number;
  weight: number;
}

/** Context of one pick inside one relay request. */
export interface ChannelPickContext {
  /** 0 for the first attempt, n for the n-th retry. */
  retryIndex: number;
  /** Channels that already failed in this request; never picked again. */
  failedChannelIds: ReadonlySet<number>;
  random: RandomSource;
}

/** Tiers of candidate lists already grouped: routing tables hand out the same list until they rebuild. */
const tierCache = new WeakMap<readonly ChannelCandidate[], ChannelCandidate[][]>();

/** Groups candidates by priority, tiers in descending priority; candidate order inside a tier is kept. */
export function groupIntoPriorityTiers<T extends ChannelCandidate>(candidates: readonly T[]): T[][] {
  const known = tierCache.get(candidates);
  if (known) return known as T[][];
  const grouped = groupTiers(candidates);
  // Only frozen lists are kept: a list that may still change would leave stale tiers behind.
  if (Object.isFrozen(candidates)) tierCache.set(candidates, grouped);
  return grouped;
}

function groupTiers<T extends ChannelCandidate>(candidates: readonly T[]): T[][] {
  const tiers = new Map<number, T[]>();
  for (const candidate of candidates) {
    const tier = tiers.get(candidate.priority);
    if (tier) tier.push(candidate);
    else tiers.set(candidate.priority, [candidate]);
  }
  return [...tiers.entries()].sort(([left], [right]) => right - left).map(([, tier]) => tier);
}

/**
 * Weighted random pick: probability weight / sum of weights; when every weight is 0 (or negative),
 * all are equally likely (new-api counts each as 100). Returns undefined for an empty list.
 */
export function pickWeighted<T extends ChannelCandidate>(candidates: readonly T[], random: RandomSource): T | undefined {
  if (candidates.length === 0) return undefined;
  const weights = candidates.map((candidate) => (Number.isFinite(candidate.weight) && candidate.weight > 0 ? candidate.weight : 0));
  let total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) {
    weights.fill(1);
    total = candidates.length;
  }
  const target = random() * total;
  let cumulative = 0;
  let lastPositive = 0;
  for (let index = 0; index < candidates.length; index += 1) {
    const weight = weights[index] ?? 0;
    if (weight <= 0) continue;
    cumulative += weight;
    lastPositive = index;
    if (target < cumulative) return candidates[index];
  }
  // Floating-point sums can leave target a hair above the total; the last weighted candidate takes it.
  return candidates[lastPositive];
}

/**
 * Picks a channel for attempt `retryIndex`: tier min(retryIndex, lowest) among all candidates,
 * skipping channels that failed in this request. When every channel of that tier failed, the
 * nearest lower tier with a survivor is used, then the nearest higher one, so a retry never
 * wastes itself while a usable channel remains. Undefined when none remains.
 */
export function selectChannel<T extends ChannelCandidate>(candidates: readonly T[], context: ChannelPickContext): T | undefined {
  const tiers = groupIntoPriorityTiers(candidates);
  if (tiers.length === 0) return undefined;
  const target = Math.min(Math.max(0, Math.trunc(context.retryIndex)), tiers.length - 1);
  const order: number[] = [target];
  for (let index = target + 1; index < tiers.length; index += 1) order.push(index);
  for (let index = target - 1; index >= 0; index -= 1) order.push(index);
  for (const tierIndex of order) {
    const usable = (tiers[tierIndex] ?? []).filter((candidate) => !context.failedChannelIds.has(candidate.id));
    const picked = pickWeighted(usable, context.random);
    if (picked) return picked;
  }
  return undefined;
}
