import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatZodError, parseRequest } from './format-error';
import { productCreateSchema } from './catalogue';
import { detailsField, optionalText, requiredText } from './fields';
import { addressCreateSchema } from './address';
import { registerSchema, resetPasswordSchema, updateUserSchema } from './users';

/** The first problem as the server answers it (parseRequest, as server/src/http/route.ts checks a request). */
function firstError(schema: z.ZodType, value: unknown) {
  const result = parseRequest(schema, value);
  if (result.success) throw new Error('expected a failure');
  return result.error;
}

describe('formatZodError', () => {
  it('gives the first problem and the path of its field', () => {
    expect(firstError(productCreateSchema, { name: 'Apple' })).toEqual({
      message: 'at least one image is required',
      field: 'image',
      rule: { rule: 'required' },
    });
  });

  it('joins nested paths with dots', () => {
    const schema = z.object({ lines: z.array(z.object({ qty: z.number({ error: 'qty must be a number' }) })) });
    expect(firstError(schema, { lines: [{ qty: 1 }, { qty: 'x' }] })).toEqual({ message: 'qty must be a number', field: 'lines.1.qty', rule: { rule: 'invalid' } });
  });

  it('has no field when the whole value is wrong', () => {
    expect(firstError(productCreateSchema, 'x')).toEqual({ message: 'the request body must be a JSON object', field: null, rule: { rule: 'invalid' } });
  });

  it("names the field when a schema fell back on zod's own wording", () => {
    const schema = z.object({ size: z.number() });
    expect(firstError(schema, { size: 'big' })).toEqual({
      message: 'size: Invalid input: expected number, received string',
      field: 'size',
      rule: { rule: 'invalid' },
    });
  });

  it("says what is wrong with a record's bad key, and names the record", () => {
    const schema = z.object({ more_details: detailsField('extra details') });
    expect(firstError(schema, { more_details: { 'Ori\u001bgin': 'Matale' } })).toEqual({
      message: 'extra details labels contain a character that is not allowed',
      field: 'more_details',
      rule: { rule: 'notAllowedCharacter' },
    });
  });

  it('copes with an error holding no issues', () => {
    expect(formatZodError(new z.ZodError([]))).toEqual({ message: 'the request is not valid', field: null, rule: { rule: 'invalid' } });
  });
});

describe("the rule a field broke (for screens in the shopper's language)", () => {
  const rule = (schema: z.ZodType, value: unknown) => firstError(schema, value).rule;

  it('names the limits of text: required, at most and at least so many characters', () => {
    expect(rule(requiredText('name', 100), '   ')).toEqual({ rule: 'required' });
    expect(rule(requiredText('name', 100), 'x'.repeat(101))).toEqual({ rule: 'tooLong', max: 100 });
    expect(rule(optionalText('landmark', 200), 'y'.repeat(201))).toEqual({ rule: 'tooLong', max: 200 });
    expect(rule(z.string().min(3, 'code is too short'), 'ab')).toEqual({ rule: 'tooShort', min: 3 });
  });

  it('names a control character in text, on one line and in a box of several', () => {
    expect(rule(requiredText('name', 100), 'Nila\u0007')).toEqual({ rule: 'notAllowedCharacter' });
    expect(rule(requiredText('address', 500, { multiLine: true }), 'Lane 4\u001b')).toEqual({ rule: 'notAllowedCharacter' });
    expect(rule(z.object({ more_details: detailsField() }), { more_details: { Origin: 'Mat\u0000ale' } })).toEqual({ rule: 'notAllowedCharacter' });
  });

  it("says the shop's own sentences about mobile numbers and passwords by name, whichever check gave them", () => {
    const register = { name: 'Nila', mobile: '0771234567', password: 'secret-one', confirmPassword: 'secret-one' };
    expect(rule(registerSchema, { ...register, mobile: '07712' })).toEqual({ rule: 'mobileInvalid' });
    expect(rule(registerSchema, { ...register, password: 'short', confirmPassword: 'short' })).toEqual({ rule: 'passwordTooShort' });
    expect(rule(registerSchema, { ...register, confirmPassword: 'secret-two' })).toEqual({ rule: 'passwordsDiffer' });
    expect(rule(resetPasswordSchema, { mobile: '0771234567', newPassword: 'secret-one', confirmPassword: 'secret-two' })).toEqual({ rule: 'resetMismatch' });
    expect(rule(updateUserSchema, { mobile: 12 })).toEqual({ rule: 'mobileInvalid' });
    const address = { address_line: 'Home', city: '4 Lane', state: 'Temple', pincode: '0771', mobile: 'Home', latitude: 6.9, longitude: 79.86 };
    expect(rule(addressCreateSchema, address)).toEqual({ rule: 'mobileExact' });
    expect(rule(addressCreateSchema, { ...address, pincode: '' })).toEqual({ rule: 'mobileRequired' });
  });

  it('calls a field left out, null, blank or an empty list that needs one required, as its sentence says', () => {
    const register = { name: 'Nila', mobile: '0771234567', password: 'secret-one', confirmPassword: 'secret-one' };
    const { name: _name, ...noName } = register;
    expect(firstError(registerSchema, noName)).toEqual({ message: 'name is required', field: 'name', rule: { rule: 'required' } });
    expect(firstError(registerSchema, { ...register, name: null })).toEqual({ message: 'name is required', field: 'name', rule: { rule: 'required' } });
    expect(rule(registerSchema, { ...register, name: '   ' })).toEqual({ rule: 'required' });
    const { password: _password, ...noPassword } = register;
    expect(rule(registerSchema, noPassword)).toEqual({ rule: 'required' });
    // a number, an id, a list and a choice from a list, each left out
    const address = { address_line: 'Home', city: '4 Lane', state: 'Temple', pincode: '0771234567', mobile: 'Home', latitude: 6.9, longitude: 79.86 };
    const { latitude: _latitude, ...noLatitude } = address;
    expect(firstError(addressCreateSchema, noLatitude)).toEqual({ message: 'latitude is required', field: 'latitude', rule: { rule: 'required' } });
    const { mobile: _place, ...noPlace } = address;
    expect(firstError(addressCreateSchema, noPlace)).toMatchObject({ field: 'mobile', rule: { rule: 'required' } });
    expect(firstError(productCreateSchema, { name: 'Apple', image: [] })).toEqual({ message: 'at least one image is required', field: 'image', rule: { rule: 'required' } });
    // a zod default sentence about a value left out is required too
    expect(firstError(z.object({ size: z.number() }), {})).toMatchObject({ field: 'size', rule: { rule: 'required' } });
    // the shop's own sentence about a number left out stays itself
    const { pincode: _number, ...noNumber } = address;
    expect(rule(addressCreateSchema, noNumber)).toEqual({ rule: 'mobileRequired' });
  });

  it('calls a wrong value that is there invalid, not required', () => {
    const register = { name: 'Nila', mobile: '0771234567', password: 'secret-one', confirmPassword: 'secret-one' };
    expect(firstError(registerSchema, { ...register, name: 7 })).toEqual({ message: 'name must be text', field: 'name', rule: { rule: 'invalid' } });
    expect(rule(z.object({ size: z.number() }), { size: 'big' })).toEqual({ rule: 'invalid' });
  });

  it('calls anything else invalid, with no words to leak', () => {
    const address = { address_line: 'Home', city: '4 Lane', state: 'Temple', pincode: '0771234567', mobile: 'Castle', latitude: 6.9, longitude: 79.86 };
    expect(rule(addressCreateSchema, address)).toEqual({ rule: 'invalid' });
    expect(rule(z.object({ qty: z.number().max(5, 'qty must be at most 5') }), { qty: 9 })).toEqual({ rule: 'invalid' });
  });
});
