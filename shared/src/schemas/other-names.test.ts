import { describe, expect, it } from 'vitest';
import { scriptLanguage } from '../language';
import { categoryUpdateSchema, productUpdateSchema } from './catalogue';

const ID = '0b7e8b1e-5a4c-4f8e-9d55-6b1f4f1e2a10';

describe('Sinhala and Tamil names in the admin forms', () => {
  it.each([
    [{ nameSi: 'සහල්' }, { nameSi: 'සහල්' }],
    [{ nameTa: '  அரிசி  ' }, { nameTa: 'அரிசி' }],
    [{ nameSi: null, nameTa: '' }, { nameSi: null, nameTa: null }],
    [{ nameSi: '   ' }, { nameSi: null }],
    [{}, {}],
  ])('%j is kept as %j (left out: unchanged)', (names, expected) => {
    const parsed = productUpdateSchema.parse({ _id: ID, ...names });
    expect({ nameSi: parsed.nameSi, nameTa: parsed.nameTa }).toEqual({ nameSi: undefined, nameTa: undefined, ...expected });
  });

  it.each([
    [{ nameSi: 'ක\u0007' }, 'nameSi', 'Sinhala name contains a character that is not allowed'],
    [{ nameTa: 'அ'.repeat(101) }, 'nameTa', 'Tamil name must be at most 100 characters'],
    [{ nameTa: 5 }, 'nameTa', 'Tamil name must be text'],
  ])('refuses %j naming %s', (names, field, message) => {
    const parsed = categoryUpdateSchema.safeParse({ _id: ID, ...names });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('scriptLanguage', () => {
  it.each([
    ['rice', 'en'],
    ['', 'en'],
    ['123 %%', 'en'],
    ['සහල්', 'si'],
    ['அரிசி', 'ta'],
    ['සහල් rice', 'si'],
    ['அரிசி 5kg', 'ta'],
    ['அரி සහල්', 'si'],
    ['அரிசி பருப்பு සහල්', 'ta'],
  ])('%j is written in %s', (text, language) => {
    expect(scriptLanguage(text)).toBe(language);
  });
});
