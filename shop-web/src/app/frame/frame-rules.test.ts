import { describe, expect, it } from 'vitest';
import { isGated } from '@kade/shared';
import { placeholderText } from './use-typing-placeholder';

describe('the app-shell gate', () => {
  it.each([
    [{ appShellOnly: true, insideShell: false }, '/', true],
    [{ appShellOnly: true, insideShell: false }, '/search', true],
    [{ appShellOnly: true, insideShell: false }, '/dashboard', false],
    [{ appShellOnly: true, insideShell: false }, '/dashboard/pending', false],
    [{ appShellOnly: true, insideShell: false }, '/dashboards-fake', true],
    [{ appShellOnly: true, insideShell: false }, '/login', false],
    [{ appShellOnly: true, insideShell: false }, '/login-fake', true],
    [{ appShellOnly: true, insideShell: true }, '/', false],
    [{ appShellOnly: false, insideShell: false }, '/', false],
  ])('%o on %s gated: %s', (config, path, gated) => {
    expect(isGated(config, path)).toBe(gated);
  });
});

describe('the typing placeholder', () => {
  it('types Search "word" one character at a time and loops through the words', () => {
    expect(placeholderText(0, 0)).toBe('');
    expect(placeholderText(0, 1)).toBe('S');
    expect(placeholderText(0, 100)).toBe('Search "milk"');
    expect(placeholderText(1, 100)).toBe('Search "bread"');
    expect(placeholderText(8, 100)).toBe('Search "chips"');
    expect(placeholderText(9, 100)).toBe('Search "milk"');
  });
});
