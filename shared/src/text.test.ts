import { describe, expect, it } from 'vitest';
import { hasControlCharacters, normaliseLineBreaks, printableText } from './text';

/** Code points at the edges of the control ranges, and whether each is a control character. */
const EDGES: Array<[string, number, boolean]> = [
  ['U+0000', 0x00, true],
  ['U+0009', 0x09, true],
  ['U+000A', 0x0a, true],
  ['U+001B', 0x1b, true],
  ['U+001D', 0x1d, true],
  ['U+001F', 0x1f, true],
  ['U+0020', 0x20, false],
  ['U+007E', 0x7e, false],
  ['U+007F', 0x7f, true],
  ['U+0080', 0x80, true],
  ['U+0085', 0x85, true],
  ['U+009F', 0x9f, true],
  ['U+00A0', 0xa0, false],
  ['U+00FA', 0xfa, false],
];

describe('control characters', () => {
  it.each(EDGES)('%s is a control character: %s', (_name, code, control) => {
    const text = `a${String.fromCharCode(code)}b`;
    expect(hasControlCharacters(text)).toBe(control);
    expect(printableText(text)).toBe(control ? 'a b' : text);
  });

  it.each([
    ['Line one\nLine two', false],
    ['Weight:\t1 kg', false],
    ['Line one\r\nLine two', true], // stored text has \n only: normaliseLineBreaks first
    ['a\u000bb', true],
    ['a\u001bp', true],
    ['a\u0085b', true],
  ])('multi-line text %j holds a control character: %s', (text, control) => {
    expect(hasControlCharacters(text, { multiLine: true })).toBe(control);
  });

  it('finds none in text beyond Latin-1', () => {
    expect(hasControlCharacters('\u0d9a\u0dd9\u0da9 \u0b95\u0b9f\u0bc8 \u{1F35A}')).toBe(false);
  });

  it('turns printer commands into letters', () => {
    expect(printableText('Home\u001bp0\u0019\u00fa \u001dV0 \u001b@')).toBe('Home p0 \u00fa  V0  @');
  });

  it.each([
    ['a\r\nb', 'a\nb'],
    ['a\rb', 'a\nb'],
    ['a\n\rb', 'a\n\nb'],
    ['a\nb', 'a\nb'],
  ])('line breaks %j are stored as %j', (text, stored) => {
    expect(normaliseLineBreaks(text)).toBe(stored);
  });
});
