// Names (issue 30, item 9): no character that hides or reorders what people see, and a letter someone can see.
import { describe, expect, it } from 'vitest';
import { categoryAddSchema, productCreateSchema } from './catalogue';
import { counterHeartbeatSchema } from './counters';
import { nameField, otherNameField, requestBody } from './fields';
import { formatZodError } from './format-error';
import { adminCreateUserSchema, registerSchema, updateUserSchema } from './users';

const person = requestBody({ name: nameField('name', 100) });
const other = requestBody({ name_si: otherNameField('Sinhala name', 100) });

function outcome(schema: typeof person | typeof other, body: unknown) {
  const result = schema.safeParse(body);
  if (result.success) return { ok: result.data };
  const { message, rule } = formatZodError(result.error);
  return { error: message, rule: rule.rule };
}

describe('a name', () => {
  it.each([
    ['Nimali Perera'],
    ["D'Silva-Fernando"],
    ['නිමාලි'],
    ['ශ්\u200dරී ලංකා'], // Sinhala spells with the zero-width joiner
    ['சுப்ரமணியம்'],
    ['7UP Lime'],
  ])('keeps %j', (name) => {
    expect(outcome(person, { name })).toEqual({ ok: { name } });
  });

  it.each([
    ['Nimal\u202eexe.txt', 'bidirectional override'],
    ['\u202dAdmin', 'left-to-right override'],
    ['Staff\u2066x\u2069', 'isolate'],
    ['Kamal\u200b', 'zero-width space'],
    ['Ka\ufeffmal', 'byte-order mark'],
    ['Ka\u2060mal', 'word joiner'],
    ['\u3164', 'Hangul filler alone'],
    ['Sunil\u200f', 'right-to-left mark'],
  ])('refuses %j (%s) as a character that is not allowed', (name) => {
    expect(outcome(person, { name })).toEqual({ error: 'name contains a character that is not allowed', rule: 'notAllowedCharacter' });
  });

  it.each([['1234'], ['...'], ['🙂🙂'], ['- -'], ['\u0dca']])('refuses %j, which has no letter', (name) => {
    expect(outcome(person, { name })).toEqual({ error: 'name must have a letter', rule: 'noLetter' });
  });

  it('still says a blank name is required', () => {
    expect(outcome(person, { name: '   ' })).toEqual({ error: 'name is required', rule: 'required' });
  });

  it('holds a name in another language to the same rules, blank meaning none', () => {
    expect(outcome(other, { name_si: 'කිරි' })).toEqual({ ok: { name_si: 'කිරි' } });
    expect(outcome(other, { name_si: '  ' })).toEqual({ ok: { name_si: null } });
    expect(outcome(other, { name_si: 'කිරි\u202e' })).toMatchObject({ rule: 'notAllowedCharacter' });
    expect(outcome(other, { name_si: '\u200b' })).toMatchObject({ rule: 'notAllowedCharacter' });
  });

  it('is the rule of every form that takes a name', () => {
    const bad = 'Nimal\u202eexe';
    expect(registerSchema.safeParse({ name: bad, mobile: '0771234567', password: 'secret12' }).success).toBe(false);
    expect(updateUserSchema.safeParse({ name: bad }).success).toBe(false);
    expect(adminCreateUserSchema.safeParse({ name: bad, mobile: '0771234567' }).success).toBe(false);
    expect(categoryAddSchema.safeParse({ name: bad, image: '/files/x.webp' }).error?.issues[0]?.path).toEqual(['name']);
    expect(productCreateSchema.safeParse({ name: bad }).error?.issues.some((issue) => issue.path[0] === 'name')).toBe(true);
    expect(counterHeartbeatSchema.safeParse({ name: '\u200b' }).error?.issues.some((issue) => issue.path[0] === 'name')).toBe(true);
  });
});
