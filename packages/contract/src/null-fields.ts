// new-api's forms send `null` for an optional field left empty: such a null reads as "not given" before validation.
import { z } from 'zod';

const droppableKeys = new WeakMap<z.ZodObject, readonly string[]>();

/** The keys of an object schema whose field accepts "not given" but not null (found once per schema). */
function nullDroppableKeys(schema: z.ZodObject): readonly string[] {
  let keys = droppableKeys.get(schema);
  if (!keys) {
    keys = Object.entries(schema.shape as Record<string, z.ZodType>)
      .filter(([, field]) => !field.safeParse(null).success && field.safeParse(undefined).success)
      .map(([key]) => key);
    droppableKeys.set(schema, keys);
  }
  return keys;
}

/** The object schema inside a schema (an object, or an object behind refinements and pipes); undefined for others. */
function objectSchemaOf(schema: z.ZodType): z.ZodObject | undefined {
  if (schema instanceof z.ZodObject) return schema;
  if (schema instanceof z.ZodPipe) return objectSchemaOf(schema.in as z.ZodType);
  return undefined;
}

/**
 * Drops the null values of `input` whose field in `schema` is optional (it accepts "not given" but not null), so
 * `{"aff_code": null}` reads as `{}`. Required fields keep their null (and fail as before); fields that accept null
 * themselves keep it too (an update's null may mean "clear"). Input that is not a plain object is returned as is.
 */
export function dropOptionalNulls(schema: z.ZodType, input: unknown): unknown {
  const object = objectSchemaOf(schema);
  if (!object || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const keys = nullDroppableKeys(object);
  let result: Record<string, unknown> | undefined;
  for (const key of keys) {
    if ((input as Record<string, unknown>)[key] !== null) continue;
    result ??= { ...(input as Record<string, unknown>) };
    delete result[key];
  }
  return result ?? input;
}
