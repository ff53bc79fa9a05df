import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dropOptionalNulls } from './null-fields';
import { textField } from './input-fields';

describe('dropOptionalNulls', () => {
  const schema = z.object({
    username: z.string(),
    aff_code: z.string().default(''),
    email: z.string().optional(),
    remark: textField('remark').optional(),
  });

  it('reads a null optional field as not given', () => {
    const input = { username: 'a', aff_code: null, email: null };
    expect(schema.parse(dropOptionalNulls(schema, input))).toEqual({ username: 'a', aff_code: '' });
  });

  it('keeps the null of a required field, which still fails', () => {
    expect(schema.safeParse(dropOptionalNulls(schema, { username: null })).success).toBe(false);
  });

  it('keeps the null of a field that accepts null itself', () => {
    expect(schema.parse(dropOptionalNulls(schema, { username: 'a', remark: null }))).toEqual({ username: 'a', aff_code: '', remark: '' });
  });

  it('looks through refinements and leaves other input alone', () => {
    const refined = schema.refine((value) => value.username !== '');
    expect(refined.parse(dropOptionalNulls(refined, { username: 'a', aff_code: null }))).toEqual({ username: 'a', aff_code: '' });
    expect(dropOptionalNulls(schema, [null])).toEqual([null]);
    expect(dropOptionalNulls(z.string(), null)).toBeNull();
  });
});
