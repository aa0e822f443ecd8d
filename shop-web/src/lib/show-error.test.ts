// Issue 21: a refusal in the shopper's language keeps what the server's English sentence said: the product's
// name (in the shopper's language when it has one), how many are left, the hours, the tries left; and a field's
// broken rule from the shared schemas is said from the catalogue, not shown as the schema's English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatClock, parseRequest, registerSchema, requiredText } from '@kade/shared';
import si from '../locales/si/shop.json';
import ta from '../locales/ta/shop.json';
import { i18n, startI18n } from '../i18n/i18n';
import { ApiError, type ApiErrorCode } from './api-client';
import { errorText } from './show-error';

const names = { name: 'Buffalo Curd Pot', nameSi: 'මී කිරි මුට්ටිය', nameTa: 'எருமைத் தயிர் சட்டி' };
const refusal = (code: ApiErrorCode, data: unknown, field: string | null = null) => new ApiError('the server’s English sentence', 409, code, field, data);
/** A 400 as the server answers a body its schema refuses (server/src/http/route.ts checks with parseRequest). */
function fieldRefusal(schema: Parameters<typeof parseRequest>[0], body: unknown): ApiError {
  const result = parseRequest(schema, body);
  if (result.success) throw new Error('expected a refusal');
  const { message, field, rule } = result.error;
  return new ApiError(message, 400, 'VALIDATION', field, { ...rule });
}
const register = { name: 'Nila', mobile: '0771234567', password: 'secret-one', confirmPassword: 'secret-one' };
const { name: _name, ...registerWithoutName } = register;

beforeAll(async () => {
  await startI18n('ta');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('errorText in Tamil', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ta');
  });

  it("names the product in Tamil when it has a Tamil name, else in English", () => {
    expect(errorText(refusal('OUT_OF_STOCK', { productId: 'p', available: 0, ...names }))).toBe(`${names.nameTa} கையிருப்பில் இல்லை.`);
    expect(errorText(refusal('OUT_OF_STOCK', { productId: 'p', name: 'Avocado', nameSi: null, nameTa: null }))).toBe('Avocado கையிருப்பில் இல்லை.');
    expect(errorText(refusal('PRODUCT_UNAVAILABLE', names))).toBe(ta.errorDetail.PRODUCT_UNAVAILABLE.replace('{{name}}', names.nameTa));
  });

  it('says how many are left, in the plural the count needs', () => {
    expect(errorText(refusal('OUT_OF_STOCK', { ...names, available: 1 }))).toBe(`${names.nameTa}: 1 மட்டுமே மீதமுள்ளது.`);
    expect(errorText(refusal('NOT_ENOUGH_STOCK', { ...names, available: 3 }))).toBe(`${names.nameTa}: 3 மட்டுமே மீதமுள்ளன.`);
  });

  it('puts in the hours and the tries left', () => {
    expect(errorText(refusal('FRESH_CLOSED', { ...names, from: '06:00', to: '21:00' }))).toBe(`${names.nameTa} ஐ 06:00 முதல் 21:00 வரை மட்டுமே ஆர்டர் செய்யலாம்.`);
    expect(errorText(refusal('SHOP_CLOSED', { from: '06:30', to: '22:59' }))).toContain('06:30');
    expect(errorText(refusal('OTP_WRONG', { triesLeft: 2 }, 'otp'))).toBe('குறியீடு தவறு. இன்னும் 2 முயற்சிகள் மீதமுள்ளன.');
  });

  it('falls back on the plain sentence of the code when the details lack what the detailed one needs', () => {
    expect(errorText(refusal('OUT_OF_STOCK', { productId: 'p' }))).toBe(ta.errors.OUT_OF_STOCK);
    expect(errorText(refusal('OTP_WRONG', { triesLeft: 0 }))).toBe(ta.errors.OTP_WRONG);
    expect(errorText(refusal('SHOP_CLOSED', undefined))).toBe(ta.errors.SHOP_CLOSED);
  });

  it("says a field's broken rule with the field's Tamil label, never the schema's English", () => {
    const long = fieldRefusal(requiredText('name', 100), 'N'.repeat(101));
    expect(long.message).toBe('name must be at most 100 characters');
    // the bare schema has no field path: the sentence without a label
    expect(errorText(long)).toBe(ta.validation.check);
    expect(errorText(fieldRefusal(registerSchema, { ...register, name: 'N'.repeat(101) }))).toBe(`${ta.auth.name} அதிகபட்சம் 100 எழுத்துகள் மட்டுமே இருக்கலாம்`);
    expect(errorText(fieldRefusal(registerSchema, { ...register, name: 'Nila\u0007' }))).toBe(`${ta.auth.name} இல் அனுமதிக்கப்படாத எழுத்து உள்ளது`);
    expect(errorText(fieldRefusal(registerSchema, { ...register, mobile: '0771' }))).toBe(ta.validation.mobileInvalid);
    expect(errorText(fieldRefusal(registerSchema, { ...register, confirmPassword: 'secret-two' }))).toBe(ta.validation.passwordsDiffer);
    expect(errorText(fieldRefusal(registerSchema, { ...register, password: 'short', confirmPassword: 'short' }))).toBe(ta.validation.passwordTooShort.replace('{{min}}', '8'));
  });

  it('says a required field left out, null or blank as required, not as not valid', () => {
    for (const body of [registerWithoutName, { ...register, name: null }, { ...register, name: '  ' }]) {
      const refusal = fieldRefusal(registerSchema, body);
      expect(refusal.data).toEqual({ rule: 'required' });
      expect(errorText(refusal)).toBe(`${ta.auth.name} தேவை`);
    }
  });
});

describe('errorText in Sinhala and in English', () => {
  it('names the product in Sinhala', async () => {
    await i18n.changeLanguage('si');
    expect(errorText(refusal('OUT_OF_STOCK', { available: 0, ...names }))).toBe(si.errorDetail.OUT_OF_STOCK.replace('{{name}}', names.nameSi));
    expect(errorText(refusal('OTP_WRONG', { triesLeft: 1 }))).toBe(si.errorDetail.OTP_WRONG_one);
  });

  it('says the hours as Sinhala writes a time, never with English AM or PM', async () => {
    await i18n.changeLanguage('si');
    const said = errorText(refusal('FRESH_CLOSED', { ...names, from: '06:00', to: '21:00' }));
    expect(said).toBe(si.errorDetail.FRESH_CLOSED.replace('{{name}}', names.nameSi).replace('{{from}}', formatClock(6 * 60, 'si')).replace('{{to}}', formatClock(21 * 60, 'si')));
    expect(said).not.toMatch(/AM|PM/);
    // hours that are not a time of day are put in as the server wrote them
    expect(errorText(refusal('SHOP_CLOSED', { from: 'dawn', to: 'dusk' }))).toContain('dawn');
  });

  it('says a required field left out in Sinhala', async () => {
    await i18n.changeLanguage('si');
    expect(errorText(fieldRefusal(registerSchema, registerWithoutName))).toBe(si.validation.required.replace('{{field}}', si.auth.name));
  });

  it("says any refusal without words of its own by its code's sentence from the shared list (issue 32)", async () => {
    await i18n.changeLanguage('si');
    expect(errorText(refusal('LAST_ADMIN', undefined))).toBe(si.errors.LAST_ADMIN);
    // a code that shares another's sentence: a reused refresh token reads as an ended session
    expect(errorText(refusal('REFRESH_REUSED', undefined))).toBe(si.errors.SESSION_ENDED);
    await i18n.changeLanguage('ta');
    expect(errorText(refusal('HAND_IN_VOIDED', { by: 'Kamal' }))).toBe(ta.errors.HAND_IN_VOIDED);
    expect(errorText(new ApiError('The shop cannot be reached.', 0, 'NETWORK', null))).toBe(ta.errors.NETWORK);
    await i18n.changeLanguage('en');
    expect(errorText(refusal('LAST_ADMIN', undefined))).toBe('the server’s English sentence');
  });

  it("reads the server's own English sentence in English", async () => {
    await i18n.changeLanguage('en');
    expect(errorText(refusal('OUT_OF_STOCK', { available: 0, ...names }))).toBe('the server’s English sentence');
  });
});
