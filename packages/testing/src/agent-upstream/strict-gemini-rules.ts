// The documented validation rules of the Gemini API that a gateway can break, with the error bodies the real API
// answers (`{error: {code: 400, message, status: 'INVALID_ARGUMENT'}}`).
// @see https://ai.google.dev/api/generate-content
// @see https://ai.google.dev/gemini-api/docs/function-calling
// @see https://ai.google.dev/gemini-api/docs/thought-signatures
// @see https://ai.google.dev/gemini-api/docs/thinking
import { mockGeminiErrorBody } from '../mock-gemini-routes';
import { isObject, type JsonObject } from '../mock-json';
import { objectsOf, type StrictRefusal, type StrictRule } from './strict-rule';

/** Google's 400 body. */
export function geminiRefusal(message: string): StrictRefusal {
  return { status: 400, body: mockGeminiErrorBody(400, message, 'INVALID_ARGUMENT') };
}

/** The fields of the OpenAPI schema subset `parameters` accepts (`parametersJsonSchema` takes full JSON Schema). */
const schemaFields = new Set([
  'type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties',
  'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum',
]);

function unknownSchemaField(schema: unknown, path: string): string | undefined {
  if (!isObject(schema)) return undefined;
  for (const [key, value] of Object.entries(schema)) {
    if (!schemaFields.has(key)) return `Invalid JSON payload received. Unknown name "${key}" at '${path}': Cannot find field.`;
    if (key === 'properties' && isObject(value)) {
      for (const [name, property] of Object.entries(value)) {
        const found = unknownSchemaField(property, `${path}.properties[${name}].value`);
        if (found) return found;
      }
    } else if (key === 'items') {
      const found = unknownSchemaField(value, `${path}.items`);
      if (found) return found;
    } else if (key === 'anyOf') {
      for (const [index, option] of objectsOf(value).entries()) {
        const found = unknownSchemaField(option, `${path}.any_of[${index}]`);
        if (found) return found;
      }
    }
  }
  return undefined;
}

const schemaSubset: StrictRule = (body) => {
  for (const [toolIndex, tool] of objectsOf(body.tools).entries()) {
    for (const [index, declaration] of objectsOf(tool.functionDeclarations ?? tool.function_declarations).entries()) {
      const found = unknownSchemaField(declaration.parameters, `tools[${toolIndex}].function_declarations[${index}].parameters`);
      if (found) return geminiRefusal(found);
    }
  }
  return undefined;
};

const partsOf = (content: JsonObject): JsonObject[] => objectsOf(content.parts);
const callsIn = (content: JsonObject): JsonObject[] => partsOf(content).filter((part) => part.functionCall !== undefined);
const responsesIn = (content: JsonObject): JsonObject[] => partsOf(content).filter((part) => part.functionResponse !== undefined);

const roles: StrictRule = (body) => {
  for (const [index, content] of objectsOf(body.contents).entries()) {
    if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') return geminiRefusal('Please use a valid role: user, model.');
    if (partsOf(content).length === 0) return geminiRefusal(`* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.\n`);
  }
  return undefined;
};

/** A call turn follows a user turn or a response turn; a response turn follows a call turn and answers each of its calls. */
const turnOrder: StrictRule = (body) => {
  const contents = objectsOf(body.contents);
  for (const [index, content] of contents.entries()) {
    const previous = contents[index - 1];
    if (callsIn(content).length > 0 && previous && previous.role === 'model') {
      return geminiRefusal('Please ensure that function call turn comes immediately after a user turn or after a function response turn.');
    }
    const answered = responsesIn(content).length;
    if (answered === 0) continue;
    if (!previous || callsIn(previous).length === 0) return geminiRefusal('Please ensure that function response turn comes immediately after a function call turn.');
    if (answered !== callsIn(previous).length) {
      return geminiRefusal('Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.');
    }
  }
  return undefined;
};

/** The values Google documents for history that has no real signature. */
const placeholderSignatures = new Set(['skip_thought_signature_validator', 'context_engineering_is_the_way_to_go']);

/** Gemini 3 models: every function call of the current turn (since the last user text) carries a signature the API issued. */
const thoughtSignatures: StrictRule = (body) => {
  if (typeof body.model === 'string' && !body.model.startsWith('gemini-3')) return undefined;
  const contents = objectsOf(body.contents);
  const turnStart = contents.findLastIndex((content) => content.role === 'user' && partsOf(content).some((part) => typeof part.text === 'string'));
  for (const content of contents.slice(turnStart + 1)) {
    const calls = callsIn(content);
    const first = calls[0];
    if (!first) continue;
    const signature = first.thoughtSignature ?? first.thought_signature;
    const name = isObject(first.functionCall) ? String(first.functionCall.name) : '';
    if (signature === undefined) {
      return geminiRefusal(
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
      );
    }
    if (typeof signature !== 'string' || (!placeholderSignatures.has(signature) && !/^mock-thought-\d+$/.test(signature))) return geminiRefusal('Corrupted thought signature.');
  }
  return undefined;
};

/** Thinking budgets per model family: [least, most, whether 0 turns thinking off]. */
function budgetRange(model: string): [number, number, boolean] | undefined {
  if (model.startsWith('gemini-2.5-pro')) return [128, 32768, false];
  if (model.startsWith('gemini-2.5-flash-lite')) return [512, 24576, true];
  if (model.startsWith('gemini-2.5-flash')) return [1, 24576, true];
  return undefined;
}

const thinkingBudget: StrictRule = (body) => {
  const config = isObject(body.generationConfig) ? body.generationConfig : {};
  const thinking = isObject(config.thinkingConfig) ? config.thinkingConfig : undefined;
  const budget = thinking?.thinkingBudget;
  const range = typeof body.model === 'string' ? budgetRange(body.model) : undefined;
  if (typeof budget !== 'number' || budget === -1 || !range) return undefined;
  if (budget === 0 && !range[2]) return geminiRefusal('Budget 0 is invalid. This model only works in thinking mode.');
  if (budget !== 0 && (budget < range[0] || budget > range[1])) return geminiRefusal(`The thinking budget ${budget} is invalid. Please choose a value between ${range[0]} and ${range[1]}.`);
  return undefined;
};

/** The generateContent rules, in the order the API checks them. */
export const geminiRules: readonly StrictRule[] = [roles, schemaSubset, turnOrder, thoughtSignatures, thinkingBudget];

/** The key of a function call: its name and arguments (keys sorted), as the mock issued it and as history echoes it. */
export function functionCallKey(name: string, args: unknown): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(sorted) : isObject(value) ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key])])) : value;
  return `${name}(${JSON.stringify(sorted(args ?? {}))})`;
}

/** The thought signatures the mock issued with its function calls (by `functionCallKey`). */
export type IssuedThoughts = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Every function call in the history that the mock issued with a thought signature carries that signature back (not
 * the placeholder, not another one): Gemini otherwise loses the reasoning of the step, and Gemini 3 refuses it.
 */
export function issuedThoughtsRule(issued: IssuedThoughts): StrictRule {
  return (body) => {
    for (const content of objectsOf(body.contents)) {
      for (const part of callsIn(content)) {
        const call = isObject(part.functionCall) ? part.functionCall : {};
        const expected = issued.get(functionCallKey(String(call.name), call.args));
        if (!expected) continue;
        const signature = part.thoughtSignature ?? part.thought_signature;
        if (signature === undefined) {
          return geminiRefusal(
            `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${String(call.name)}\` , position 2. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
          );
        }
        if (typeof signature !== 'string' || !expected.has(signature)) return geminiRefusal('Corrupted thought signature.');
      }
    }
    return undefined;
  };
}
