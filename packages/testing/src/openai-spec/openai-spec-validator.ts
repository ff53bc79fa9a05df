// Validates answers against the component schemas of OpenAI's published OpenAPI specification (repository
// openai/openai-openapi; the schemas the tests use are kept, with the commit they came from, in
// openai-openapi-schemas.json beside this file). Validation uses Ajv's JSON Schema 2020-12 dialect, which OpenAPI 3.1
// adopts; the few places the document still writes OpenAPI 3.0's `nullable: true` are read as "or null" here.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

/** A component schema of the specification that the tests validate against. */
export type OpenAiSpecSchema = 'CreateChatCompletionResponse' | 'CreateChatCompletionStreamResponse' | 'Response' | 'ResponseStreamEvent' | 'CreateEmbeddingResponse';

/** The stored extract: where it came from and the schemas reachable from its roots. */
interface SpecExtract {
  source: string;
  commit: string;
  schemas: Record<string, unknown>;
}

/** One failed check: where in the value, and what the specification asked for. */
export interface SpecViolation {
  path: string;
  message: string;
}

/**
 * A place where the real API is laxer than the specification, so an answer the API itself sends fails it. Each
 * exception names the component schema and the property it relaxes, and why; the tests declare them beside the
 * assertions, so every departure from the specification is written down where it is accepted.
 */
export interface SpecException {
  name: string;
  /** The component schema whose property is relaxed (e.g. `ChatCompletionResponseMessage`). */
  schema: string;
  property: string;
  /** `optional`: may be absent; `any`: any value (or absent). */
  relax: 'optional' | 'any';
  reason: string;
}

let loadedExtract: SpecExtract | undefined;

/**
 * The stored extract, read on first use: processes that import this package without validating (the bench's mock
 * upstream, bundled elsewhere) never look for the file.
 */
function specExtract(): SpecExtract {
  loadedExtract ??= JSON.parse(readFileSync(new URL('./openai-openapi-schemas.json', import.meta.url), 'utf8')) as SpecExtract;
  return loadedExtract;
}

/** The commit of openai/openai-openapi the stored schemas were taken from. */
export function openAiSpecCommit(): string {
  return specExtract().commit;
}

/** Rewrites OpenAPI 3.0 `nullable: true` (left in a few places of the 3.1 document) as JSON Schema's "or null". */
function normaliseNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normaliseNullable);
  if (typeof value !== 'object' || value === null) return value;
  const record: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) record[key] = key === 'enum' || key === 'required' ? inner : normaliseNullable(inner);
  if (record.nullable !== true) return record;
  delete record.nullable;
  return { anyOf: [record, { type: 'null' }] };
}

/** The specification's own `$recursiveRef` (draft 2019-09) points at the schema that contains it; 2020-12 writes `$ref`. */
function normaliseRecursiveRefs(name: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((inner) => normaliseRecursiveRefs(name, inner));
  if (typeof value !== 'object' || value === null) return value;
  const record: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$recursiveAnchor') continue;
    if (key === '$recursiveRef') record.$ref = `#/components/schemas/${name}`;
    else record[key] = normaliseRecursiveRefs(name, inner);
  }
  return record;
}

/** One Ajv instance per set of exceptions (the schemas differ), each with its compiled validators by schema name. */
const instances = new Map<string, { ajv: Ajv2020; validators: Map<string, ValidateFunction> }>();

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  allOf?: ObjectSchema[];
}

/** The schema with `property` relaxed, looking into `allOf` members; undefined when no part of it declares the property. */
function relaxed(schema: ObjectSchema, exception: SpecException): ObjectSchema | undefined {
  if (schema.properties && exception.property in schema.properties) {
    const required = schema.required?.filter((name) => name !== exception.property);
    return { ...schema, required, properties: { ...schema.properties, [exception.property]: exception.relax === 'any' ? {} : schema.properties[exception.property] } };
  }
  const members = schema.allOf?.map((member) => relaxed(member, exception));
  if (!members?.some(Boolean)) return undefined;
  return { ...schema, allOf: members.map((member, index) => member ?? schema.allOf![index]) };
}

function relax(schemas: Record<string, unknown>, exception: SpecException): void {
  const schema = relaxed(schemas[exception.schema] as ObjectSchema, exception);
  if (!schema) throw new Error(`spec exception ${exception.name}: ${exception.schema}.${exception.property} is not in the specification`);
  schemas[exception.schema] = schema;
}

function validatorFor(schema: string, exceptions: readonly SpecException[]): ValidateFunction {
  const key = exceptions.map((exception) => exception.name).join('|');
  let instance = instances.get(key);
  if (!instance) {
    const schemas: Record<string, unknown> = {};
    for (const [name, body] of Object.entries(specExtract().schemas)) schemas[name] = normaliseRecursiveRefs(name, normaliseNullable(body));
    for (const exception of exceptions) relax(schemas, exception);
    // Not strict: the document carries OpenAPI's `discriminator`, which only restates what each `oneOf` branch's `type` decides.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema({ $id: 'openai-openapi', components: { schemas } });
    instance = { ajv, validators: new Map() };
    instances.set(key, instance);
  }
  let validate = instance.validators.get(schema);
  if (!validate) {
    validate = instance.ajv.compile({ $ref: `openai-openapi#/components/schemas/${schema}` });
    instance.validators.set(schema, validate);
  }
  return validate;
}

/**
 * For a union keyed by `type` (the stream events): the member schema the value's `type` names, so a failure reports
 * that member's errors rather than every member's; undefined for other schemas, null for a type no member has.
 */
function variantFor(schema: OpenAiSpecSchema, value: unknown): string | null | undefined {
  const union = specExtract().schemas[schema] as { anyOf?: Array<{ $ref?: string }>; oneOf?: Array<{ $ref?: string }> };
  const members = union.anyOf ?? union.oneOf;
  if (!members || typeof value !== 'object' || value === null) return undefined;
  const type = (value as { type?: unknown }).type;
  for (const member of members) {
    const name = member.$ref?.split('/').at(-1);
    const body = name ? (specExtract().schemas[name] as { properties?: { type?: { enum?: unknown[]; const?: unknown } } }) : undefined;
    const typeSchema = body?.properties?.type;
    if (typeSchema?.enum?.includes(type) || (typeSchema?.const !== undefined && typeSchema.const === type)) return name;
  }
  return null;
}

/**
 * Checks `value` against the named component schema (relaxed by `exceptions`) and lists every violation; for a
 * failed `oneOf`/`anyOf` Ajv lists what each branch missed too, so the message shows the field that is wrong.
 */
export function checkOpenAiSpec(schema: OpenAiSpecSchema, value: unknown, exceptions: readonly SpecException[] = []): SpecViolation[] {
  const variant = variantFor(schema, value);
  if (variant === null) return [{ path: '/type', message: `not a ${schema} type: ${JSON.stringify((value as { type?: unknown } | null)?.type)}` }];
  const validate = validatorFor(variant ?? schema, exceptions);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error: ErrorObject) => ({ path: error.instancePath || '/', message: `${error.keyword}: ${error.message ?? ''} ${JSON.stringify(error.params)}` }));
}
