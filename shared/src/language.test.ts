import { describe, expect, it } from 'vitest';
import { isLanguage, languageFromTags, localName } from './language';

describe('languages', () => {
  it('knows only the three languages', () => {
    expect(['en', 'si', 'ta'].every(isLanguage)).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });

  it('picks the first of our languages from a browser or shell tag list', () => {
    expect(languageFromTags('ta-LK')).toBe('ta');
    expect(languageFromTags(['fr-FR', 'si_LK', 'en'])).toBe('si');
    expect(languageFromTags('fr-FR,de;q=0.8')).toBe('en');
    expect(languageFromTags('')).toBe('en');
    expect(languageFromTags(null)).toBe('en');
  });

  it('shows the Sinhala or Tamil name with English as the fallback', () => {
    const item = { name: 'Rice', nameSi: 'සහල්', nameTa: '  ' };
    expect(localName(item, 'si')).toBe('සහල්');
    expect(localName(item, 'ta')).toBe('Rice');
    expect(localName(item, 'en')).toBe('Rice');
    expect(localName({ name: 'Tea' }, 'ta')).toBe('Tea');
  });
});
