// The capability lookup the relay encodes with: the bundled catalog's records with the operator's
// ModelCapabilityOverrides on top, rebuilt only when that option changes (here or on another instance).
import type { ModelCapabilities } from '@turnpike/formats';
import { bundledModelCatalog, createCapabilityLookup, type ModelCapabilityOverrides } from '@turnpike/relay';
import type { OptionStore } from '../options/option-store';

const overridesKey = 'ModelCapabilityOverrides';
const lookups = new WeakMap<OptionStore, (model: string) => ModelCapabilities>();

/** The lookup for `options`' server: one per option store, following its ModelCapabilityOverrides. */
export function capabilityLookupOf(options: OptionStore): (model: string) => ModelCapabilities {
  let lookup = lookups.get(options);
  if (lookup) return lookup;
  let current = createCapabilityLookup(bundledModelCatalog, options.json<ModelCapabilityOverrides | undefined>(overridesKey) ?? {});
  options.onChange((key) => {
    if (key === overridesKey) current = createCapabilityLookup(bundledModelCatalog, options.json<ModelCapabilityOverrides | undefined>(overridesKey) ?? {});
  });
  lookup = (model) => current(model);
  lookups.set(options, lookup);
  return lookup;
}
