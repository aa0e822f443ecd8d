import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatZodError } from './format-error';
import { productCreateSchema } from './catalogue';
import { detailsField } from './fields';

function firstError(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected a failure');
  return formatZodError(result.error);
}

describe('formatZodError', () => {
  it('gives the first problem and the path of its field', () => {
    expect(firstError(productCreateSchema, { name: 'Apple' })).toEqual({
      message: 'at least one image is required',
      field: 'image',
    });
  });

  it('joins nested paths with dots', () => {
    const schema = z.object({ lines: z.array(z.object({ qty: z.number({ error: 'qty must be a number' }) })) });
    expect(firstError(schema, { lines: [{ qty: 1 }, { qty: 'x' }] })).toEqual({ message: 'qty must be a number', field: 'lines.1.qty' });
  });

  it('has no field when the whole value is wrong', () => {
    expect(firstError(productCreateSchema, 'x')).toEqual({ message: 'the request body must be a JSON object', field: null });
  });

  it("names the field when a schema fell back on zod's own wording", () => {
    const schema = z.object({ size: z.number() });
    expect(firstError(schema, { size: 'big' })).toEqual({
      message: 'size: Invalid input: expected number, received string',
      field: 'size',
    });
  });

  it("says what is wrong with a record's bad key, and names the record", () => {
    const schema = z.object({ more_details: detailsField('extra details') });
    expect(firstError(schema, { more_details: { 'Ori\u001bgin': 'Matale' } })).toEqual({
      message: 'extra details labels contain a character that is not allowed',
      field: 'more_details',
    });
  });

  it('copes with an error holding no issues', () => {
    expect(formatZodError(new z.ZodError([]))).toEqual({ message: 'the request is not valid', field: null });
  });
});
