// Sinhala and Tamil on a phone with no font for them (Debian's chromium here has none): the shop's bundled
// Noto subsets draw the delivery banner and the checkout's Tamil notes, and are downloaded only once text of
// their script is on screen. The glyph check draws each letter alone in the element's own font: letters a font
// lacks all come out as the same empty box, so a text drawn with distinct glyphs is drawn by a real font. The faces
// are `font-display: swap`: the text shows at once in a fallback, so each check first waits for its face to load.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ENDPOINTS, type ShopConfigWire } from '@kade/shared';
import { bannerTexts } from '../src/lib/ui-constants';
import { expectAccessible, shot } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, setCart, useSession } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL });

const FACES = { sinhala: 'Noto Sans Sinhala', tamil: 'Noto Sans Tamil' } as const;

/** The status of each bundled face of a family ('unloaded' until a character in its range is drawn). */
function faceStatuses(page: Page, family: string): Promise<string[]> {
  return page.evaluate((name) => [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === name).map((face) => face.status), family);
}

/**
 * How the element's letters of one script come out in its own font: the number of distinct letters, and of
 * distinct pictures they make (each drawn alone on a canvas). Missing glyphs all draw the same box.
 */
function glyphPictures(element: Locator, script: 'Sinhala' | 'Tamil'): Promise<{ letters: number; pictures: number; font: string }> {
  return element.evaluate((el, scriptName) => {
    const style = getComputedStyle(el);
    const font = `${style.fontWeight} 32px ${style.fontFamily}`;
    // Base letters only: a vowel sign alone is drawn on a dotted circle, the same picture in any font.
    const letters = [...new Set([...(el.textContent ?? '')].filter((c) => new RegExp(`\\p{Script=${scriptName}}`, 'u').test(c) && /\p{L}/u.test(c)))];
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no canvas');
    const pictures = new Set<string>();
    for (const letter of letters) {
      context.clearRect(0, 0, 64, 64);
      context.font = font;
      context.fillStyle = '#000';
      context.fillText(letter, 8, 44);
      pictures.add(Array.from(context.getImageData(0, 0, 64, 64).data.filter((_, i) => i % 4 === 3)).join(','));
    }
    return { letters: letters.length, pictures: pictures.size, font };
  }, script);
}

/**
 * The element's text as laid out on screen, as a fresh copy lays it out now (with every loaded font), and as the
 * system fonts alone lay it out: the summed width of its text boxes in each case, at the element's own width.
 */
function textWidths(element: Locator): Promise<{ shown: number; fresh: number; system: number }> {
  return element.evaluate((el) => {
    const advance = (root: Node): number => {
      let sum = 0;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) sum += rect.width;
      }
      return sum;
    };
    const copy = (family: string | null): HTMLElement => {
      const clone = el.cloneNode(true) as HTMLElement;
      clone.removeAttribute('data-testid');
      Object.assign(clone.style, { position: 'absolute', visibility: 'hidden', width: `${el.getBoundingClientRect().width}px` });
      if (family) clone.style.fontFamily = family;
      el.parentElement?.appendChild(clone);
      return clone;
    };
    const fresh = copy(null);
    const system = copy('system-ui, sans-serif');
    const widths = { shown: advance(el), fresh: advance(fresh), system: advance(system) };
    fresh.remove();
    system.remove();
    return widths;
  });
}

/**
 * Waits until the faces of `family` that the element's text needs have loaded, at every weight drawn inside it (a
 * note's bold title is drawn with the 700 face, its text with the 400 one): document.fonts.load resolves once they
 * have (and rejects when one fails). Answers each such face's weight and status, so a face that never loads, or none
 * at all, fails the test, and the font shorthands of those weights for document.fonts.check.
 */
function loadFacesFor(element: Locator, family: string): Promise<{ faces: string[]; fonts: string[] }> {
  return element.evaluate(async (el, name) => {
    const parts = [el, ...el.querySelectorAll('*')].filter((part) => (part.textContent ?? '').trim() !== '');
    const fonts = [...new Set(parts.map((part) => {
      const style = getComputedStyle(part);
      return `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    }))];
    const faces = (await Promise.all(fonts.map((font) => document.fonts.load(font, el.textContent ?? '')))).flat();
    const ours = [...new Set(faces.filter((face) => face.family.replace(/["']/g, '') === name))];
    return {
      faces: ours.map((face) => `${face.weight} ${face.status}`),
      fonts: [...new Set(ours.map((face) => `${face.weight} 16px "${name}"`))],
    };
  }, family);
}

/**
 * Every letter of the script in the element is drawn by the bundled font (a distinct glyph each), the face the
 * element needs is loaded, and the element on screen is laid out with it. With `font-display: swap` the text is
 * first drawn with a fallback, so the checks wait for that face to load rather than for any face of the family.
 */
async function expectDrawnByBundledFont(page: Page, element: Locator, script: 'Sinhala' | 'Tamil'): Promise<void> {
  const family = script === 'Sinhala' ? FACES.sinhala : FACES.tamil;
  const { faces, fonts } = await loadFacesFor(element, family);
  expect(faces.length, `a ${family} face for "${await element.textContent()}"`).toBeGreaterThan(0);
  expect(faces.filter((face) => !face.endsWith(' loaded')), `${family} loaded`).toEqual([]);
  expect(await faceStatuses(page, family)).toContain('loaded');
  const text = (await element.textContent()) ?? '';
  // every face this text needs, at each weight drawn in it, is ready (another face of the family can still be loading
  // for another element: on a loaded run the check once answered false for a moment)
  for (const font of fonts) {
    await expect.poll(() => page.evaluate(([f, t]) => document.fonts.check(f, t), [font, text] as const), { message: `${font} ready for "${text}"` }).toBe(true);
  }
  const drawn = await glyphPictures(element, script);
  expect(drawn.letters, `${script} letters in "${text}"`).toBeGreaterThan(3);
  expect(drawn.pictures, `each ${script} letter its own glyph in ${drawn.font}`).toBe(drawn.letters);
  await expect
    .poll(async () => {
      const { shown, fresh } = await textWidths(element);
      return Math.abs(shown - fresh);
    }, { message: 'the text on screen is laid out with the loaded font' })
    .toBeLessThan(0.5);
  const { fresh, system } = await textWidths(element);
  expect(Math.abs(fresh - system), `the bundled font changes how "${text}" is drawn`).toBeGreaterThan(2);
}

test('the delivery banner draws its Tamil and Sinhala lines with the bundled fonts, fetched only when shown', async ({ page, request }, info) => {
  // The banner's hours are the server's SHOP_HOURS (this server's are set around the present, not the default).
  const config = await call<ShopConfigWire>(request, null, 'GET', ENDPOINTS.shop.config.path);
  const BANNER_TEXTS = bannerTexts(config.body.data.shopHours);
  const [, TAMIL = '', SINHALA = ''] = BANNER_TEXTS;
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.woff2')) fetched.push(request.url());
  });
  await page.clock.install();
  await page.goto('/about');
  const banner = page.getByTestId('delivery-banner');
  await expect(banner).toHaveText(BANNER_TEXTS[0] ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An English page: neither script on screen, neither font fetched.
  expect(await faceStatuses(page, FACES.tamil)).toEqual(['unloaded', 'unloaded']);
  expect(await faceStatuses(page, FACES.sinhala)).toEqual(['unloaded', 'unloaded']);
  expect(fetched).toEqual([]);
  // From here the banner turns only when the test moves the clock: checking one line took longer than a turn on a
  // loaded machine, and the next line's widths were measured against this one's.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
  /** Moves the clock a turn (3 s) at a time, each turn waiting for the banner to change, until it shows `text`. */
  const turnTo = async (text: string): Promise<void> => {
    for (let turn = 0; turn < BANNER_TEXTS.length; turn += 1) {
      const shown = (await banner.textContent()) ?? '';
      if (shown === text) break;
      await page.clock.runFor(3000);
      await expect(banner).not.toHaveText(shown);
    }
    await expect(banner).toHaveText(text);
  };

  await turnTo(TAMIL);
  await expect(banner).toHaveAttribute('lang', 'ta');
  await expectDrawnByBundledFont(page, banner, 'Tamil');
  expect(fetched.some((url) => /noto-sans-tamil-tamil-700-normal-[\w-]+\.woff2$/.test(url))).toBe(true);
  expect(fetched.some((url) => url.includes('sinhala'))).toBe(false);
  await shot(page, info, 'banner-tamil');

  await turnTo(SINHALA);
  await expect(banner).toHaveAttribute('lang', 'si');
  await expectDrawnByBundledFont(page, banner, 'Sinhala');
  expect(fetched.some((url) => /noto-sans-sinhala-sinhala-700-normal-[\w-]+\.woff2$/.test(url))).toBe(true);
  await shot(page, info, 'banner-sinhala');
  await page.clock.resume();
  await expectAccessible(page, info, 'banner-sinhala');
});

test('the delivery banner stays one line in every language: the header keeps its height as it turns, at 320, 360 and 390 px', async ({ page, request }, info) => {
  // A wrapped Tamil line (360 px) grew the sticky header by a line for 3 s in every 9, and the page under it moved
  // beneath the shopper's finger: a test's tap on a card's Add once landed on nothing (rough-edges-shopper.e2e.ts).
  const config = await call<ShopConfigWire>(request, null, 'GET', ENDPOINTS.shop.config.path);
  const texts = bannerTexts(config.body.data.shopHours);
  await page.clock.install();
  await page.goto('/about');
  const banner = page.getByTestId('delivery-banner');
  await expect(banner).toHaveText(texts[0] ?? '');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 2000));
  /** The header's height, and the banner's line as drawn (scaled) against the banner's own box. */
  const measure = () =>
    banner.evaluate((el) => {
      const header = el.closest('header')!.getBoundingClientRect();
      const box = el.getBoundingClientRect();
      const words = document.createRange();
      words.selectNodeContents(el);
      const line = words.getBoundingClientRect();
      // the scale the line is drawn at (to fit the width), 'none' when drawn as laid out
      const transform = el.firstElementChild ? getComputedStyle(el.firstElementChild).transform : 'none';
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      return { header: header.height, box: { left: box.left, right: box.right, height: box.height }, line: { left: line.left, right: line.right, scale: transform === 'none' ? 1 : new DOMMatrixReadOnly(transform).a }, lineHeight, lang: el.getAttribute('lang') };
    });
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 740 });
    const heights = new Set<number>();
    const shown = new Set<string>();
    for (let turn = 0; turn < texts.length; turn += 1) {
      // each width starts where the last left off: three turns show all three lines
      if (turn > 0) {
        const before = (await banner.textContent()) ?? '';
        await page.clock.runFor(3000);
        await expect(banner).not.toHaveText(before);
      }
      const text = (await banner.textContent()) ?? '';
      expect(texts).toContain(text);
      shown.add(text);
      // the line's width as the browser has it once its font is in (the scale follows the font's arrival)
      await expect.poll(async () => (await page.evaluate(() => document.fonts.status)) === 'loaded').toBe(true);
      await expect
        .poll(async () => {
          const { box, line } = await measure();
          return line.left >= box.left - 0.5 && line.right <= box.right + 0.5;
        }, { message: `"${text}" drawn inside the banner at ${width} px` })
        .toBe(true);
      const seen = await measure();
      expect(seen.box.height, `"${text}" is one line at ${width} px`).toBeLessThan(seen.lineHeight * 1.5);
      // smaller only where the width needs it, and never below four fifths of its size (readable)
      expect(seen.line.scale, `"${text}" not shrunk past reading at ${width} px`).toBeGreaterThanOrEqual(0.8);
      if (width === 390) expect(seen.line.scale, `"${text}" at full size at 390 px`).toBeCloseTo(1, 3);
      heights.add(Math.round(seen.header * 10) / 10);
    }
    expect(shown.size, `all three lines shown at ${width} px`).toBe(3);
    expect([...heights], `the header's height at ${width} px in all three languages`).toHaveLength(1);
    if (width === 360) await shot(page, info, 'banner-one-line-360');
  }
  await page.clock.resume();
});

test("the checkout's Tamil notes are drawn with the bundled font", async ({ page, request }, info) => {
  const admin = await adminSession(request);
  const product = await createProduct(request, admin, { name: `E2E Font Tea ${Date.now()}`, price: 40 });
  const shopper = await newShopper(request, 'Font Reader');
  await addAddress(request, shopper);
  await setCart(request, shopper, [{ productId: product, quantity: 2 }]);
  await useSession(page, shopper);
  await page.goto('/checkout/payment');
  const notes = page.getByRole('complementary', { name: 'Notes' });
  await expect(notes).toBeVisible();
  const tamil = notes.locator('p[lang="ta"]');
  await expect(tamil).toHaveCount(2);
  for (const note of await tamil.all()) await expectDrawnByBundledFont(page, note, 'Tamil');
  await notes.scrollIntoViewIfNeeded();
  await shot(page, info, 'checkout-tamil-notes');
});
