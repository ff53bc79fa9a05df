// Claude model names → Bedrock model ids, and the cross-region inference profile prefix for the channel's region.
// The table and the geography rule (region `us-*` → `us.`, `eu-*` → `eu.`, `ap-*` → `apac.`, only for the models
// Bedrock offers a profile for in that geography) follow new-api's relay/channel/aws/constants.go.
// @see https://docs.aws.amazon.com/bedrock/latest/userguide/model-ids.html
// @see https://docs.aws.amazon.com/bedrock/latest/userguide/inference-profiles-support.html

type Geography = 'us' | 'eu' | 'apac';

interface BedrockModel {
  id: string;
  /** Geographies with a cross-region inference profile for the model. */
  profiles: readonly Geography[];
}

const all: readonly Geography[] = ['us', 'eu', 'apac'];
const usAp: readonly Geography[] = ['us', 'apac'];
const usOnly: readonly Geography[] = ['us'];

/** Anthropic model names and their Bedrock ids. */
const bedrockModels: Readonly<Record<string, BedrockModel>> = {
  'claude-3-sonnet-20240229': { id: 'anthropic.claude-3-sonnet-20240229-v1:0', profiles: all },
  'claude-3-opus-20240229': { id: 'anthropic.claude-3-opus-20240229-v1:0', profiles: usOnly },
  'claude-3-haiku-20240307': { id: 'anthropic.claude-3-haiku-20240307-v1:0', profiles: all },
  'claude-3-5-sonnet-20240620': { id: 'anthropic.claude-3-5-sonnet-20240620-v1:0', profiles: all },
  'claude-3-5-sonnet-20241022': { id: 'anthropic.claude-3-5-sonnet-20241022-v2:0', profiles: usAp },
  'claude-3-5-haiku-20241022': { id: 'anthropic.claude-3-5-haiku-20241022-v1:0', profiles: usOnly },
  'claude-3-7-sonnet-20250219': { id: 'anthropic.claude-3-7-sonnet-20250219-v1:0', profiles: all },
  'claude-sonnet-4-20250514': { id: 'anthropic.claude-sonnet-4-20250514-v1:0', profiles: all },
  'claude-opus-4-20250514': { id: 'anthropic.claude-opus-4-20250514-v1:0', profiles: usOnly },
  'claude-opus-4-1-20250805': { id: 'anthropic.claude-opus-4-1-20250805-v1:0', profiles: usOnly },
  'claude-sonnet-4-5-20250929': { id: 'anthropic.claude-sonnet-4-5-20250929-v1:0', profiles: all },
  'claude-haiku-4-5-20251001': { id: 'anthropic.claude-haiku-4-5-20251001-v1:0', profiles: all },
  'claude-opus-4-5-20251101': { id: 'anthropic.claude-opus-4-5-20251101-v1:0', profiles: all },
  'claude-sonnet-4-6': { id: 'anthropic.claude-sonnet-4-6', profiles: all },
  'claude-opus-4-6': { id: 'anthropic.claude-opus-4-6-v1', profiles: all },
  'claude-opus-4-7': { id: 'anthropic.claude-opus-4-7', profiles: all },
  'claude-sonnet-5': { id: 'anthropic.claude-sonnet-5', profiles: all },
};

/** The plain Claude names the table maps, in table order. */
export const bedrockClaudeModelNames: readonly string[] = Object.keys(bedrockModels);

/** Ids that already name a Bedrock model, profile or ARN: `anthropic.…`, `us.…`/`eu.`/`apac.`/`global.`/…, `arn:…`. */
function isBedrockId(model: string): boolean {
  return model.includes('anthropic.') || model.startsWith('arn:') || /^[a-z]{2,6}(-[a-z]+)?\.[a-z]/.test(model);
}

/** The inference-profile geography of a region (`us-east-1` → `us`, `ap-northeast-1` → `apac`); undefined elsewhere (GovCloud, ca-, sa-, …). */
export function bedrockGeography(region: string): Geography | undefined {
  if (region.startsWith('us-gov-')) return undefined;
  const prefix = region.split('-')[0];
  if (prefix === 'us' || prefix === 'eu') return prefix;
  return prefix === 'ap' ? 'apac' : undefined;
}

/**
 * The Bedrock model id to invoke for `model` in `region`: Bedrock ids pass unchanged; mapped Claude names get their
 * id, prefixed with the region's geography when Bedrock has an inference profile for it there; other names pass as is.
 */
export function bedrockModelId(model: string, region: string): string {
  if (isBedrockId(model)) return model;
  const known = bedrockModels[model];
  if (!known) return model;
  const geography = bedrockGeography(region);
  return geography !== undefined && known.profiles.includes(geography) ? `${geography}.${known.id}` : known.id;
}
