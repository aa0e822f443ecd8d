// The closed list of error codes (shared/src/error-codes.ts) stays honest: every code in it is answered by the
// server or read by a client (a code nobody uses is a dead entry), every status is an error status, AppError
// answers the list's status for its code, and README's table of codes is the list itself (so it cannot drift).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_MEANINGS, isErrorCode, type ErrorCode } from '@kade/shared';
import { REPO_ROOT } from '../config';
import { AppError, badRequest, conflict, forbidden, notFound, tooManyRequests, unauthorized } from './errors';

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];
const THE_LISTS = [path.join('shared', 'src', 'error-codes.ts'), path.join('shared', 'src', 'error-meanings.ts')];

/** The source files (tests left out) of a folder, relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !THE_LISTS.includes(relative) ? [relative] : [];
  });
}

describe('the error codes', () => {
  it('are each used by the server, the shared rules or the shop (outside the list and the tests)', () => {
    const code = ['server/src', 'shared/src', 'shop-web/src'].flatMap(sources).map((file) => readFileSync(path.join(REPO_ROOT, file), 'utf8'));
    expect(code.length).toBeGreaterThan(100);
    const unused = CODES.filter((name) => !code.some((text) => text.includes(`'${name}'`)));
    expect(unused).toEqual([]);
  });

  it.each(CODES)('%s has an error status (4xx or 5xx) and an errors.* sentence', (name) => {
    const entry: { status: number; otherStatus?: number; sentence: string } = ERROR_CODES[name];
    for (const status of [entry.status, entry.otherStatus ?? entry.status]) {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
    expect(entry.sentence).toMatch(/^errors\.[A-Za-z_]+$/);
    expect(ERROR_MEANINGS[name].length).toBeGreaterThan(10);
  });

  it('are told from other strings', () => {
    expect(CODES.every(isErrorCode)).toBe(true);
    for (const other of ['NETWORK', 'out_of_stock', 'toString', 'constructor', '', undefined, 409]) expect(isErrorCode(other)).toBe(false);
  });

  it("make an AppError answer the list's status, or the one other status the list names", () => {
    for (const name of CODES) expect(new AppError(name, 'x').status).toBe(ERROR_CODES[name].status);
    expect(new AppError('ACCOUNT_DISABLED', 'x', { status: 401 }).status).toBe(401);
    expect([badRequest('x'), unauthorized(), forbidden(), notFound(), conflict('x', 'MOBILE_TAKEN'), tooManyRequests('x')].map((e) => [e.status, e.code])).toEqual([
      [400, 'BAD_REQUEST'],
      [401, 'UNAUTHORIZED'],
      [403, 'FORBIDDEN'],
      [404, 'NOT_FOUND'],
      [409, 'MOBILE_TAKEN'],
      [429, 'RATE_LIMITED'],
    ]);
  });

  it("are listed in README's table, each once with its status and meaning, and nothing else is", () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('### Error codes');
    expect(start).toBeGreaterThan(-1);
    const lines = readme.slice(start).split('\n');
    const first = lines.findIndex((line) => line.startsWith('|'));
    const end = lines.findIndex((line, i) => i > first && !line.startsWith('|'));
    const rows = lines.slice(first + 2, end).map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
    const expected = CODES.map((name) => {
      const entry: { status: number; otherStatus?: number } = ERROR_CODES[name];
      return [`\`${name}\``, entry.otherStatus === undefined ? String(entry.status) : `${entry.status}, ${entry.otherStatus}`, ERROR_MEANINGS[name]];
    });
    expect(rows).toEqual(expected);
  });
});
