// Gemini tools <-> canonical tools: function declarations, functionCallingConfig, function responses,
// and the OpenAPI-subset schemas Gemini accepts in `parameters` and `responseSchema`.
import type { CanonicalTool, CanonicalToolChoice, CanonicalToolResultPart } from '../canonical-model';
import { isJsonObject, type JsonObject } from './gemini-content-codec';
import type { GeminiFunctionCallingConfig, GeminiFunctionDeclaration } from './gemini-schema';

/**
 * Converts Gemini's OpenAPI 3.0 schema subset to JSON Schema: upper-case types (`OBJECT`, as the SDK's
 * `Type` enum sends them) become lower-case and `nullable: true` becomes a `null` type alternative.
 * @see https://ai.google.dev/api/caching#Schema
 */
export function openApiSchemaToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiSchemaToJsonSchema);
  if (!isJsonObject(schema)) return schema;
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') result.type = value.toLowerCase();
    else if (key === 'properties' && isJsonObject(value)) {
      result.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, openApiSchemaToJsonSchema(property)]));
    } else if (key === 'items' || key === 'anyOf') result[key] = openApiSchemaToJsonSchema(value);
    else result[key] = value;
  }
  if (schema.nullable === true && typeof result.type === 'string') result.type = [result.type, 'null'];
  return result;
}

/** Decodes a function declaration; `parameters` (OpenAPI subset) is converted, `parametersJsonSchema` kept as is. */
export function decodeGeminiFunctionDeclaration(declaration: GeminiFunctionDeclaration): CanonicalTool {
  const jsonSchema = isJsonObject(declaration.parametersJsonSchema) ? declaration.parametersJsonSchema : undefined;
  const converted = declaration.parameters === undefined ? undefined : openApiSchemaToJsonSchema(declaration.parameters);
  const parameters = jsonSchema ?? (isJsonObject(converted) ? converted : { type: 'object', properties: {} });
  const tool: CanonicalTool = { name: declaration.name, parameters };
  if (declaration.description !== undefined) tool.description = declaration.description;
  return tool;
}

/**
 * Encodes a canonical tool. JSON Schema goes to `parametersJsonSchema`, which takes it whole; the
 * OpenAPI-subset `parameters` would reject keywords such as `additionalProperties`.
 * @see https://ai.google.dev/api/caching#FunctionDeclaration
 */
export function encodeGeminiFunctionDeclaration(tool: CanonicalTool): GeminiFunctionDeclaration {
  const declaration: GeminiFunctionDeclaration = { name: tool.name, parametersJsonSchema: tool.parameters };
  if (tool.description !== undefined) declaration.description = tool.description;
  return declaration;
}

/** A decoded functionCallingConfig: the canonical choice, and whether it lost detail (then the original is kept). */
export interface DecodedToolChoice {
  choice: CanonicalToolChoice | undefined;
  exact: boolean;
}

/** Maps functionCallingConfig to a canonical tool choice. @see https://ai.google.dev/api/caching#Mode */
export function decodeGeminiToolChoice(config: GeminiFunctionCallingConfig): DecodedToolChoice {
  const names = config.allowedFunctionNames ?? [];
  switch (config.mode) {
    case 'AUTO':
      return { choice: 'auto', exact: names.length === 0 };
    case 'NONE':
      return { choice: 'none', exact: true };
    case 'ANY':
      if (names.length === 1 && names[0] !== undefined) return { choice: { name: names[0] }, exact: true };
      return { choice: 'required', exact: names.length === 0 };
    case 'VALIDATED':
      // VALIDATED lets the model answer in text or in schema-checked calls: "auto" with stricter calls.
      return { choice: 'auto', exact: false };
    case 'MODE_UNSPECIFIED':
    case undefined:
      return { choice: undefined, exact: names.length === 0 };
  }
}

/** Maps a canonical tool choice to functionCallingConfig. */
export function encodeGeminiToolChoice(choice: CanonicalToolChoice): GeminiFunctionCallingConfig {
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'required') return { mode: 'ANY' };
  return { mode: 'ANY', allowedFunctionNames: [choice.name] };
}

/**
 * Decodes a functionResponse's `response` object into tool-result text: `{output: "text"}` and
 * `{error: "text"}` (the documented convention) become that text, anything else its JSON.
 * @see https://ai.google.dev/api/caching#FunctionResponse
 */
export function decodeGeminiFunctionResponse(response: JsonObject | undefined, toolCallId: string): CanonicalToolResultPart {
  const body = response ?? {};
  const keys = Object.keys(body);
  if (keys.length === 1 && typeof body.output === 'string') return { type: 'tool-result', toolCallId, content: body.output };
  if (keys.length === 1 && typeof body.error === 'string') return { type: 'tool-result', toolCallId, content: body.error, isError: true };
  return { type: 'tool-result', toolCallId, content: JSON.stringify(body) };
}

/** Encodes tool-result text as a functionResponse `response` object: JSON objects as they are, other text under `output` (or `error`). */
export function encodeGeminiFunctionResponse(part: CanonicalToolResultPart): JsonObject {
  if (part.isError === true) return { error: part.content };
  try {
    const parsed: unknown = JSON.parse(part.content);
    if (isJsonObject(parsed)) return parsed;
  } catch {
    // Plain text: wrapped below.
  }
  return { output: part.content };
}
