// The public pricing call: GET /api/pricing → items in data, group_ratio and usable_group beside it.
import { useQuery } from '@tanstack/react-query';
import type { DataEnvelope, PricingAnswer, PricingItem } from '@turnpike/contract';
import { requestEnvelope } from '../../lib/api-client';

/** The pricing table and the viewer's groups. */
export interface PricingData {
  items: PricingItem[];
  /** Usable group → the ratio the viewer pays there. */
  groupRatio: Record<string, number>;
  /** Usable group → description. */
  usableGroup: Record<string, string>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numberMap(value: unknown): Record<string, number> {
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

function textMap(value: unknown): Record<string, string> {
  if (!isObject(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, text]) => [key, typeof text === 'string' ? text : String(text ?? '')]));
}

/** Loads the pricing (the session, when there is one, decides the groups and ratios). */
export function usePricing(signedInUserId: number | null) {
  return useQuery({
    queryKey: ['pricing', signedInUserId],
    queryFn: async (): Promise<PricingData> => {
      const envelope = (await requestEnvelope<PricingItem[]>('GET', '/api/pricing')) as DataEnvelope<PricingItem[]> & Partial<Pick<PricingAnswer, 'group_ratio' | 'usable_group'>>;
      const items = Array.isArray(envelope.data) ? envelope.data.filter((item) => isObject(item) && typeof item.model_name === 'string') : [];
      return { items, groupRatio: numberMap(envelope.group_ratio), usableGroup: textMap(envelope.usable_group) };
    },
  });
}
