// Lenient input fields shared by the admin schemas: text, integers, name lists and JSON-object columns, each failing with a problem code.
import { z } from 'zod';
import { addProblem, type ProblemCode } from './problems';

/** Splits a comma-joined list (or takes a list) into trimmed, distinct, non-empty names in their first order. */
export function splitNameList(value: string | readonly string[] | null | undefined): string[] {
  const items = typeof value === 'string' ? value.split(',') : (value ?? []);
  return [...new Set(items.map((item) => item.trim()).filter(Boolean))];
}

/** Free text up to `maximumLength` characters; null reads as empty, numbers as their digits. */
export const textField = (label: string, maximumLength = Number.POSITIVE_INFINITY) =>
  z.unknown().transform((value, context): string => {
    let result: string | undefined;
    if (value === null) result = '';
    else if (typeof value === 'string') result = value.trim();
    else if (typeof value === 'number') result = String(value);
    if (result === undefined) return addProblem(context, 'text_invalid', { label });
    if (result.length > maximumLength) return addProblem(context, 'text_too_long', { label, max: maximumLength });
    return result;
  });

/** An integer given as a number or numeric text; null and '' read as "not given". */
export function integerField(code: ProblemCode, minimum: number, minimumCode = code) {
  return z.unknown().transform((value, context): number | undefined => {
    if (value === null || value === '') return undefined;
    const number = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isSafeInteger(number)) return addProblem(context, code);
    if (number < minimum) return addProblem(context, minimumCode);
    return number;
  });
}

/** A name list given comma-joined or as an array of text; names longer than `maximumLength` fail with `tooLongCode`. */
export function nameListField(notListCode: ProblemCode, maximumLength: number, tooLongCode: ProblemCode) {
  return z.unknown().transform((value, context): string[] => {
    if (value === null || value === undefined) return [];
    if (typeof value !== 'string' && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))) return addProblem(context, notListCode);
    const names = splitNameList(value);
    const long = names.find((name) => name.length > maximumLength);
    return long === undefined ? names : addProblem(context, tooLongCode, { max: maximumLength, name: long });
  });
}

/** The object a JSON text holds, or undefined when it is not the text of an object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON-object column: '' (none) or the text of an object; an object value is stored as its JSON text. */
export function jsonObjectField(code: ProblemCode, check?: (object: Record<string, unknown>, context: z.RefinementCtx) => void) {
  return z.unknown().transform((value, context): string => {
    if (value === null || value === undefined) return '';
    const text = typeof value === 'object' && !Array.isArray(value) ? JSON.stringify(value) : typeof value === 'string' ? value.trim() : undefined;
    if (text === undefined) return addProblem(context, code);
    if (text === '') return '';
    const object = parseJsonObject(text);
    if (!object) return addProblem(context, code);
    check?.(object, context);
    return text;
  });
}

/** A positive integer id (number or numeric text); anything else fails with `code`. */
export const idField = (code: ProblemCode) => z.coerce.number(code).int(code).positive(code);
