// Gemini generationConfig <-> canonical sampling, length, stop, response-format and reasoning options.
import type { CanonicalReasoningConfig, CanonicalRequest, CanonicalResponseFormat } from '../canonical-model';
import { isJsonObject, type WarningSink } from './gemini-content-codec';
import type { GeminiGenerationConfig } from './gemini-schema';
import { defaultModelCapabilities, type ModelCapabilities } from '../model-capabilities';
import { fitThinkingBudget } from '../reasoning-budget';
import { openApiSchemaToJsonSchema } from './gemini-tool-codec';

/** The canonical fields a generationConfig maps to. */
export type DecodedGenerationConfig = Pick<
  CanonicalRequest,
  'maxTokens' | 'temperature' | 'topP' | 'topK' | 'stop' | 'seed' | 'presencePenalty' | 'frequencyPenalty' | 'reasoning' | 'reasoningEffort' | 'responseFormat'
>;

const directFields = [
  ['maxOutputTokens', 'maxTokens'],
  ['temperature', 'temperature'],
  ['topP', 'topP'],
  ['topK', 'topK'],
  ['seed', 'seed'],
  ['presencePenalty', 'presencePenalty'],
  ['frequencyPenalty', 'frequencyPenalty'],
] as const;

const handledFields = new Set<string>([...directFields.map(([gemini]) => gemini), 'stopSequences', 'thinkingConfig', 'responseMimeType', 'responseSchema', 'responseJsonSchema']);

/** Gemini 3 thinking levels by canonical reasoning effort. @see https://ai.google.dev/gemini-api/docs/thinking */
const thinkingLevelsByEffort: Record<string, string> = { minimal: 'MINIMAL', low: 'LOW', medium: 'MEDIUM', high: 'HIGH' };

function decodeResponseFormat(config: GeminiGenerationConfig, fields: Record<string, unknown>): CanonicalResponseFormat | undefined {
  const { responseMimeType: mimeType, responseSchema, responseJsonSchema } = config;
  const hasSchema = responseSchema !== undefined || responseJsonSchema !== undefined;
  if (mimeType === 'application/json') {
    if (isJsonObject(responseJsonSchema)) return { type: 'json-schema', name: 'response', schema: responseJsonSchema };
    const converted = responseSchema === undefined ? undefined : openApiSchemaToJsonSchema(responseSchema);
    if (isJsonObject(converted)) return { type: 'json-schema', name: 'response', schema: converted };
    return { type: 'json-object' };
  }
  if (mimeType === 'text/plain' && !hasSchema) return { type: 'text' };
  // Other MIME types (text/x.enum) or schemas without JSON output have no canonical meaning.
  if (mimeType !== undefined) fields['generationConfig.responseMimeType'] = mimeType;
  if (responseSchema !== undefined) fields['generationConfig.responseSchema'] = responseSchema;
  if (responseJsonSchema !== undefined) fields['generationConfig.responseJsonSchema'] = responseJsonSchema;
  return undefined;
}

/** Decodes generationConfig; unmapped sub-fields are stored in `fields` as "generationConfig.<name>". */
export function decodeGeminiGenerationConfig(config: GeminiGenerationConfig, fields: Record<string, unknown>): DecodedGenerationConfig {
  const result: DecodedGenerationConfig = {};
  for (const [geminiField, canonicalField] of directFields) {
    const value = config[geminiField];
    if (value !== undefined) result[canonicalField] = value;
  }
  if (config.stopSequences !== undefined) result.stop = config.stopSequences;
  const thinking = config.thinkingConfig;
  if (thinking) {
    const reasoning: CanonicalReasoningConfig = {};
    if (thinking.thinkingBudget !== undefined) reasoning.budgetTokens = thinking.thinkingBudget;
    if (thinking.includeThoughts !== undefined) reasoning.includeThoughts = thinking.includeThoughts;
    if (Object.keys(reasoning).length > 0) result.reasoning = reasoning;
    if (thinking.thinkingLevel !== undefined) result.reasoningEffort = thinking.thinkingLevel.toLowerCase();
  }
  const responseFormat = decodeResponseFormat(config, fields);
  if (responseFormat) result.responseFormat = responseFormat;
  for (const [key, value] of Object.entries(config)) {
    if (!handledFields.has(key) && value !== undefined) fields[`generationConfig.${key}`] = value;
  }
  return result;
}

function encodeThinkingConfig(request: CanonicalRequest, warn: WarningSink, capabilities: ModelCapabilities): GeminiGenerationConfig['thinkingConfig'] {
  const thinking: NonNullable<GeminiGenerationConfig['thinkingConfig']> = {};
  const reasoning = request.reasoning;
  if (reasoning?.budgetTokens !== undefined) {
    const fitted = fitThinkingBudget(reasoning.budgetTokens, capabilities.thinkingBudget, request.model);
    if (fitted.warning !== undefined) warn(fitted.warning);
    thinking.thinkingBudget = fitted.budget;
  }
  if (reasoning?.includeThoughts !== undefined) thinking.includeThoughts = reasoning.includeThoughts;
  const effort = request.reasoningEffort;
  if (effort !== undefined) {
    const level = thinkingLevelsByEffort[effort];
    // The API rejects a thinkingLevel next to a thinkingBudget, so an explicit budget wins.
    if (thinking.thinkingBudget !== undefined) warn(`reasoning effort "${effort}" was dropped in favour of the thinking budget`);
    else if (level !== undefined) thinking.thinkingLevel = level;
    else if (effort === 'none') thinking.thinkingBudget = 0;
    else warn(`reasoning effort "${effort}" has no Gemini thinking level and was ignored`);
  }
  return Object.keys(thinking).length > 0 ? thinking : undefined;
}

/** Encodes the canonical options as generationConfig fields (without passthrough ones). */
export function encodeGeminiGenerationConfig(request: CanonicalRequest, warn: WarningSink, capabilities: ModelCapabilities = defaultModelCapabilities): GeminiGenerationConfig {
  const config: GeminiGenerationConfig = {};
  for (const [geminiField, canonicalField] of directFields) {
    const value = request[canonicalField];
    if (value !== undefined) config[geminiField] = value;
  }
  if (request.stop !== undefined) config.stopSequences = request.stop;
  const thinkingConfig = encodeThinkingConfig(request, warn, capabilities);
  if (thinkingConfig) config.thinkingConfig = thinkingConfig;
  const format = request.responseFormat;
  if (format?.type === 'text') config.responseMimeType = 'text/plain';
  else if (format?.type === 'json-object') config.responseMimeType = 'application/json';
  else if (format?.type === 'json-schema') {
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = format.schema;
  }
  return config;
}
