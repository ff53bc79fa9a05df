// Pure rules of redemption codes: defaults, status labels and actions, the create/edit payload (spec 001 §4, §5, §9).
import { checkInput, defaultRedemptionQuota, redemptionCreateSchema, redemptionLimits, RedemptionStatus, type Problem } from '@turnpike/contract';

/** Quota of a new code. */
export const DefaultRedemptionQuota = defaultRedemptionQuota;

/** Codes created per batch (the input's bounds; the shared schema enforces them). */
export const RedemptionCountLimits = { min: 1, max: redemptionLimits.countMax } as const;

/** Longest code name. */
export const RedemptionNameMax = redemptionLimits.nameMax;

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

/** The edit form's fields: a code's name and quota. */
const redemptionEditSchema = redemptionCreateSchema.pick({ name: true, quota: true });

/** Builds the payload and checks it with the shared schema: an empty name on create becomes the formatted quota. */
export function buildRedemptionPayload(
  values: RedemptionFormValues,
  creating: boolean,
  formatQuota: (quota: number) => string,
): { payload: RedemptionPayload } | { problem: Problem } {
  const quota = values.quota ?? '';
  let name = (values.name ?? '').trim();
  if (creating && name === '' && /^\s*\d+\s*$/.test(String(quota))) name = formatQuota(Number(quota));
  if (!creating) {
    const checked = checkInput(redemptionEditSchema, { name, quota });
    return checked.ok ? { payload: checked.value } : { problem: checked.problem };
  }
  const checked = checkInput(redemptionCreateSchema, { name, quota, count: values.count ?? '' });
  return checked.ok ? { payload: { name: checked.value.name, quota: checked.value.quota, count: checked.value.count } } : { problem: checked.problem };
}
