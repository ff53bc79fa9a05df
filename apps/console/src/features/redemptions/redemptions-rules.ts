// Pure rules of redemption codes: defaults, status labels and actions, the create/edit payload (spec 001 §4, §5, §9).
import { RedemptionStatus } from '@turnpike/contract';

/** Quota of a new code. */
export const DefaultRedemptionQuota = 100000;

/** Codes created per batch: at least 1, at most 100. */
export const RedemptionCountLimits = { min: 1, max: 100 } as const;

/** Name length limits. */
export const RedemptionNameLimits = { min: 1, max: 20 } as const;

/** How a code's status is shown. */
export type RedemptionStatusKey = 'unused' | 'disabled' | 'used' | 'unknown';

const statusKeys: Record<number, RedemptionStatusKey> = {
  [RedemptionStatus.Unused]: 'unused',
  [RedemptionStatus.Disabled]: 'disabled',
  [RedemptionStatus.Used]: 'used',
};

/** The status label key of a code. */
export function redemptionStatusKey(status: number): RedemptionStatusKey {
  return statusKeys[status] ?? 'unknown';
}

/** Edit is allowed only while the code is unused. */
export function canEditRedemption(status: number): boolean {
  return status === RedemptionStatus.Unused;
}

/** Enable and disable are not allowed once the code is used. */
export function canToggleRedemption(status: number): boolean {
  return status !== RedemptionStatus.Used;
}

/** The redemption form's values. */
export interface RedemptionFormValues {
  name?: string;
  quota?: number | string | null;
  count?: number | string | null;
}

/** Body of POST /api/redemption/ (with count) and PUT /api/redemption/ (with id). */
export interface RedemptionPayload {
  name: string;
  quota: number;
  count?: number;
}

/** Why a redemption form cannot be sent. */
export type RedemptionFormProblem = 'nameLength' | 'quotaInvalid' | 'countInvalid';

function parseInteger(value: unknown): number | null {
  const text = String(value ?? '').trim();
  return /^\d+$/.test(text) ? Number.parseInt(text, 10) : null;
}

/** Builds the payload: quota and count as integers, an empty name on create becomes the formatted quota, name 1–20 characters, count 1–100. */
export function buildRedemptionPayload(
  values: RedemptionFormValues,
  creating: boolean,
  formatQuota: (quota: number) => string,
): { payload: RedemptionPayload } | { problem: RedemptionFormProblem } {
  const quota = parseInteger(values.quota);
  if (quota === null || quota < 1) return { problem: 'quotaInvalid' };
  let name = (values.name ?? '').trim();
  if (creating && name === '') name = formatQuota(quota);
  if (name.length < RedemptionNameLimits.min || name.length > RedemptionNameLimits.max) return { problem: 'nameLength' };
  if (!creating) return { payload: { name, quota } };
  const count = parseInteger(values.count);
  if (count === null || count < RedemptionCountLimits.min || count > RedemptionCountLimits.max) return { problem: 'countInvalid' };
  return { payload: { name, quota, count } };
}
