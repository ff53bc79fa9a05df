// The operator's corrections of the per-model capability records (option ModelCapabilityOverrides): by upstream model
// name, the fields to set over what the relay derives from its model catalog and the providers' naming rules.
import { z } from 'zod';

/** One model's corrections: each field optional, none other accepted. */
export const modelCapabilityOverrideSchema = z.strictObject({
  maxCompletionTokens: z.boolean().optional(),
  acceptsEffort: z.boolean().optional(),
  thinking: z.boolean().optional(),
  exclusiveSampling: z.boolean().optional(),
  reasoningEffort: z.boolean().optional(),
  samplingFixed: z.boolean().optional(),
  thinkingBudget: z
    .strictObject({ min: z.number().int().min(0), max: z.number().int().min(1), off: z.boolean() })
    .refine((range) => range.min <= range.max, { message: 'thinkingBudget.min must not exceed thinkingBudget.max' })
    .optional(),
});

/** The option's value: upstream model name → corrections. */
export const modelCapabilityOverridesSchema = z.record(z.string(), modelCapabilityOverrideSchema);

/** The option's typed value. */
export type ModelCapabilityOverridesOption = z.infer<typeof modelCapabilityOverridesSchema>;
