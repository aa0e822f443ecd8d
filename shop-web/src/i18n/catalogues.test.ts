// Issue 21's quality bars for the catalogues: every key the English catalogue has is in the Sinhala and Tamil
// ones too (with every plural form the language needs, the same {{values}}, and words, not blanks), none of
// them keeps a key English dropped, every key the shop's code asks for exists, and the texts the server and the
// receipt share with the shop (shared TEXT) read the same in the English catalogue. The words written straight
// into a shopper's screen are caught by the lint (eslint-plugin-i18next's no-literal-string in eslint.config.js).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DELIVERY_OPTIONS, ERROR_CODES, LANGUAGES, MOBILE_EXACT, MOBILE_REQUIRED, ORDER_STATUSES, ORDERING_TEXT, PASSWORD_MIN_LENGTH, PASSWORDS_DIFFER, PLACE_TYPES, RESET_MISMATCH, TEXT, VALIDATION_RULES } from '@kade/shared';
import { SEARCH_PLACEHOLDER_WORDS } from '../lib/ui-constants';
import en from '../locales/en/shop.json';
import si from '../locales/si/shop.json';
import ta from '../locales/ta/shop.json';
import { i18n, startI18n } from './i18n';

type Tree = { [key: string]: string | Tree };
const CATALOGUES: Record<string, Tree> = { en, si, ta };
const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** 'a.b.c' → text, for every leaf. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

/** The keys as the code asks for them: plural forms folded into their base key. */
function baseKeys(flat: Map<string, string>): Set<string> {
  return new Set([...flat.keys()].map((key) => key.replace(PLURAL, '')));
}

const values = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const english = flatten(en);
const englishBase = baseKeys(english);

describe('the catalogues', () => {
  it('are one per language of the shop, each a file of its own', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  describe.each(['si', 'ta'])('%s', (language) => {
    const flat = flatten(CATALOGUES[language] as Tree);
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

    it('has every key of the English catalogue, in words (not blank, not the English left in)', () => {
      const missing = [...english.keys()].filter((key) => !PLURAL.test(key) && !flat.has(key));
      expect(missing).toEqual([]);
      const blank = [...flat].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(blank).toEqual([]);
      // a sentence copied over untranslated (short words such as 'OK' or a code may be the same)
      const untranslated = [...flat].filter(([key, text]) => text.length > 12 && english.get(key) === text && !/^[\W\d_]*$/.test(text)).map(([key]) => key);
      expect(untranslated).toEqual([]);
    });

    it(`has every plural form ${language} needs (${categories.join(', ')}) where English counts`, () => {
      const counted = [...englishBase].filter((key) => english.has(`${key}_other`));
      const missing = counted.flatMap((key) => categories.filter((form) => !flat.has(`${key}_${form}`)).map((form) => `${key}_${form}`));
      expect(missing).toEqual([]);
    });

    it('keeps no key that English has dropped', () => {
      const stale = [...baseKeys(flat)].filter((key) => !englishBase.has(key));
      expect(stale).toEqual([]);
    });

    it('puts in the same values ({{name}}, {{amount}} …) as the English', () => {
      const differ = [...flat]
        .filter(([key]) => english.has(key) || english.has(key.replace(PLURAL, '_other')))
        .filter(([key, text]) => {
          const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other')) ?? '';
          // a plural form may leave the count out ('one item' written as a word)
          return values(text).filter((name) => name !== 'count').join() !== values(source).filter((name) => name !== 'count').join();
        })
        .map(([key]) => key);
      expect(differ).toEqual([]);
    });
  });

  it('has every key the shop asks for by name (t(\'…\'), i18n.t(\'…\'))', () => {
    const asked = new Set<string>();
    for (const file of sourceFiles(SOURCE)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) asked.add(m[1] as string);
    }
    expect(asked.size).toBeGreaterThan(150);
    const missing = [...asked].filter((key) => !englishBase.has(key) && !english.has(key));
    expect(missing).toEqual([]);
  });

  it('has the keys the shop makes from shared lists (statuses, delivery options, place types, ordering reasons, search words)', () => {
    const made = [
      ...ORDER_STATUSES.map((status) => `status.${status}`),
      ...DELIVERY_OPTIONS.map((option) => `delivery.${option.code}`),
      ...PLACE_TYPES.map((type) => `address.place.${type}`),
      ...['SHOP_CLOSED', 'STORE_UNATTENDED', 'STORE_PAUSED', 'OPTION_PAUSED', 'OPTION_FULL'].map((code) => `ordering.${code}`),
      ...SEARCH_PLACEHOLDER_WORDS.map((word) => `search.words.${word}`),
      ...VALIDATION_RULES.map((rule) => `validation.${rule}`),
      'validation.check',
      // the refusals said with their details (lib/show-error.ts), plurals by their _other form
      ...['OUT_OF_STOCK', 'PRODUCT_UNAVAILABLE', 'FEW_LEFT_other', 'FRESH_CLOSED', 'SHOP_CLOSED', 'OTP_WRONG_other'].map((key) => `errorDetail.${key}`),
      // every code's sentence from the shared list (issue 32), and the client's own NETWORK (lib/show-error.ts)
      ...Object.values(ERROR_CODES).map((entry) => entry.sentence),
      'errors.NETWORK',
    ];
    expect(made.filter((key) => !english.has(key))).toEqual([]);
  });

  it("reads in English as the shared texts the server and the receipt use (one source for the English words)", () => {
    const pairs: Array<[string, string]> = [
      ['product.outOfStock', TEXT.outOfStock],
      ['product.runOut', TEXT.runOut],
      ['product.nightFlag', TEXT.nightFlag('{{time}}')],
      ['common.uploading', TEXT.uploading],
      ['product.withinHour', TEXT.withinHour],
      ['product.linkCopied', TEXT.linkCopied],
      ['cart.viewCart', TEXT.viewCart],
      ['cart.itemAdded', TEXT.itemAdded],
      ['cart.itemRemoved', TEXT.itemRemoved],
      ['cart.proceed', TEXT.proceed],
      ['cart.pleaseLogin', TEXT.pleaseLogin],
      ['checkout.selectAddress', TEXT.selectAddress],
      ['checkout.selectOption', TEXT.selectDeliveryOption],
      ['checkout.cartEmpty', TEXT.cartEmpty],
      ['checkout.addAddressFirst', TEXT.addAddressFirst],
      ['checkout.chooseAddress', TEXT.chooseAddress],
      ['checkout.optionTitle', TEXT.selectDeliveryOptionTitle],
      ['checkout.onlinePayment', TEXT.onlinePayment],
      ['checkout.cashOnDelivery', TEXT.cashOnDelivery],
      ['checkout.locationNotAvailable', TEXT.locationNotAvailable],
      ['checkout.placedMessage', TEXT.orderPlaced],
      ['address.outside', TEXT.outsideDeliveryArea],
      ['address.unavailable', TEXT.locationUnavailable],
      ['address.unsupported', TEXT.geolocationUnsupported],
      ['common.loadingMore', TEXT.loadingMore],
      ['home.noSubcategories', TEXT.noSubcategories],
      ['address.updated', TEXT.addressUpdated],
      ['address.removed', TEXT.addressRemoved],
      ['account.myAccount', TEXT.myAccount],
      ['account.logOut', TEXT.logOut],
      ['home.specialDeal', TEXT.specialDeal],
      ['home.buyBrand', TEXT.buyBrand],
      ['strip.seeAll', TEXT.seeAll],
      ['result.goHome', TEXT.goToHome],
      ['result.comingSoon', TEXT.comingSoon],
      ['result.orderCancel', TEXT.orderCancel],
      ['ordering.notTaking', ORDERING_TEXT.notTaking],
      ['ordering.STORE_UNATTENDED', ORDERING_TEXT.unattended],
      ['ordering.STORE_PAUSED', ORDERING_TEXT.paused],
      ['ordering.OPTION_PAUSED', ORDERING_TEXT.optionPaused],
      ['ordering.OPTION_FULL', ORDERING_TEXT.optionFull],
      ['orders.notPaid', TEXT.notPaid],
      ['orders.notApplicable', TEXT.notApplicable],
      ['auth.sendOtp', TEXT.sendOtp],
      ['auth.verifyError', TEXT.emailVerificationError],
      ['validation.mobileInvalid', TEXT.mobileInvalid],
      ['validation.mobileRequired', MOBILE_REQUIRED],
      ['validation.mobileExact', MOBILE_EXACT],
      ['validation.passwordsDiffer', PASSWORDS_DIFFER],
      ['validation.resetMismatch', RESET_MISMATCH],
    ];
    expect(pairs.filter(([key, text]) => english.get(key) !== text)).toEqual([]);
  });
});

describe('i18next over the catalogues', () => {
  it('loads a language on demand, counts with its plural rules and puts values in', async () => {
    await startI18n('ta');
    expect(i18n.t('cart.buttonSummary', { count: 1, amount: 'Rs.120.00' })).toBe('1 பொருள் · Rs.120.00');
    expect(i18n.t('cart.buttonSummary', { count: 3, amount: 'Rs.360.00' })).toBe('3 பொருட்கள் · Rs.360.00');
    await i18n.changeLanguage('si');
    expect(i18n.t('checkout.shipment', { count: 2 })).toBe('භාණ්ඩ 2ක ඇණවුම');
    await i18n.changeLanguage('en');
    expect(i18n.t('checkout.shipment', { count: 1 })).toBe(TEXT.shipmentOf(1));
    expect(i18n.t('checkout.shipment', { count: 4 })).toBe(TEXT.shipmentOf(4));
    expect(i18n.t('result.redirecting', { count: 6 })).toBe(TEXT.redirectingIn(6));
    expect(i18n.t('validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH })).toBe(TEXT.passwordTooShort);
  });
});
