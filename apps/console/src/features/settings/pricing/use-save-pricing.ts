// Saves the three pricing maps: only the maps that changed, one PUT each, with the spec's messages.
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { reportSave } from '../option-form/option-form-card';
import { changedEntries } from '../option-form/option-values';
import { useOptions, useSaveOptions } from '../settings-api';
import { parseNumberMap, type PricingMaps } from './pricing-rules';

const pricingKeys = ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const;

/** The stored pricing maps. */
export function useStoredPricingMaps(): PricingMaps {
  const options = useOptions().data;
  return {
    ModelPrice: parseNumberMap(options?.ModelPrice),
    ModelRatio: parseNumberMap(options?.ModelRatio),
    CompletionRatio: parseNumberMap(options?.CompletionRatio),
  };
}

/** Returns `save(maps)`, resolving to true when every changed map was stored. */
export function useSavePricing(): { save: (maps: PricingMaps) => Promise<boolean>; saving: boolean } {
  const { t } = useTranslation();
  const options = useOptions().data ?? {};
  const saveOptions = useSaveOptions();
  const save = async (maps: PricingMaps): Promise<boolean> => {
    const values = Object.fromEntries(pricingKeys.map((key) => [key, JSON.stringify(maps[key], null, 2)]));
    const entries = changedEntries(pricingKeys, options, values);
    if (entries.length === 0) {
      notify.warning(t('settings.form.nothingChanged'));
      return false;
    }
    return reportSave(await saveOptions.mutateAsync(entries), t);
  };
  return { save, saving: saveOptions.isPending };
}
