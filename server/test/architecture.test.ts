// ARCHITECTURE.md is the map of the code and docs/decisions/ holds why it is so: the map cannot drift from the
// repository. Every path either names in backticks exists (a full path as written; a short one, such as
// `orders/moves.ts` or `features/checkout`, as the end of some path in the repository), every relative link
// resolves, every decision is linked from the map, each numbered once, and the socket rooms it lists are the rooms
// the server puts sockets in (it once named an `admins` room the code no longer had).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES } from '@kade/shared';
import { REPO_ROOT } from '../src/config';
import { roomsFor } from '../src/modules/realtime/socket';

const DECISIONS = 'docs/decisions';
/** What the walk leaves out: installed packages, the build's and the tests' output, git's own folder. */
const NOT_SOURCES = new Set(['node_modules', 'dist', '.git', 'test-results', 'data', '.data', 'coverage', 'playwright-report']);
/** The repository's own top folders: a path starting with one is a full path and must exist as written. */
const TOP_FOLDERS = ['shared/', 'server/', 'shop-web/', 'desktop/', 'bench/', 'scripts/', 'docs/', 'deploy/', '.ci/'];
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** Every file and folder of the repository, as paths relative to its root with '/' between the parts. */
function repositoryPaths(dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    if (NOT_SOURCES.has(entry.name)) continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(`${relative}/`, ...repositoryPaths(relative));
    else out.push(relative);
  }
  return out;
}

/** `a/{x,y}/b` as `a/x/b` and `a/y/b`. */
function expandBraces(text: string): string[] {
  const match = /\{([^{}]+)\}/.exec(text);
  if (!match) return [text];
  return match[1]!.split(',').flatMap((choice) => expandBraces(text.replace(match[0], choice)));
}

/**
 * The paths a Markdown file names in backticks: a token with a '/' or a file name's ending, without spaces,
 * quotes, placeholders (`<area>`), globs, URLs' leading '/' (API paths), package names (`@kade/...`), our lint
 * rules' names (`kade/no-import-cycle`) or what the build writes (`server/dist/`).
 */
function namedPaths(markdown: string): string[] {
  const tokens = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
  return tokens
    .filter((token) => /\/|\.(ts|tsx|mjs|js|json|md|yml|css|html)$/.test(token))
    .filter((token) => !/[\s'"<>*:=()]|^[/@.]|^kade\/|(^|\/)dist\//.test(token))
    .flatMap(expandBraces);
}

/** Whether a path named in the text is in the repository: as written when full, else as the end of a path. */
function resolves(named: string, paths: readonly string[]): boolean {
  if (TOP_FOLDERS.some((top) => named.startsWith(top)) || !named.includes('/')) {
    if (named.includes('/')) return paths.includes(named) || paths.includes(`${named}/`);
    return paths.some((candidate) => candidate === named || candidate.endsWith(`/${named}`)); // a file's name alone
  }
  return paths.some((candidate) => candidate.endsWith(`/${named}`) || candidate.endsWith(`/${named}/`));
}

const PATHS = repositoryPaths();
const MAP = read('ARCHITECTURE.md');
const DECISION_FILES = readdirSync(path.join(REPO_ROOT, DECISIONS)).filter((name) => name.endsWith('.md')).sort();

describe('ARCHITECTURE.md and docs/decisions/', () => {
  it('find the repository the way the check reads it (a full path, a short one, a file name, braces)', () => {
    expect(resolves('server/src/modules/orders/moves.ts', PATHS)).toBe(true);
    expect(resolves('orders/moves.ts', PATHS)).toBe(true);
    expect(resolves('features/checkout', PATHS)).toBe(true);
    expect(resolves('moves.ts', PATHS)).toBe(true);
    expect(resolves('server/src/modules/orders/writer.ts', PATHS)).toBe(false);
    expect(resolves('orders/writer.ts', PATHS)).toBe(false);
    expect(resolves('server/src/orders/moves.ts', PATHS)).toBe(false); // a full path must be the whole path
    expect(namedPaths('`a/{x,y}/b.json`, `/api/order/details`, `user:<id>`, `@kade/shared`, `npm test`, `kade/no-import-cycle`, `server/dist/`')).toEqual([
      'a/x/b.json',
      'a/y/b.json',
    ]);
  });

  it('name in backticks only paths the repository has', () => {
    const named = namedPaths(MAP);
    expect(named.length).toBeGreaterThan(60);
    const missing = named.filter((file) => !resolves(file, PATHS));
    expect(missing).toEqual([]);
  });

  it('have decisions that name only paths the repository has', () => {
    expect(DECISION_FILES.length).toBeGreaterThan(10);
    const named = DECISION_FILES.flatMap((file) => namedPaths(read(`${DECISIONS}/${file}`)).map((mention) => ({ file, mention })));
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((one) => !resolves(one.mention, PATHS))).toEqual([]);
  });

  it('link every decision from the map, each numbered once, and every relative link resolves', () => {
    for (const file of DECISION_FILES) {
      expect(file).toMatch(/^\d{4}-[a-z0-9-]+\.md$/);
      expect(MAP, file).toContain(`](${DECISIONS}/${file})`);
    }
    const numbers = DECISION_FILES.map((file) => file.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
    const links = [...MAP.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] as string).filter((target) => !/^(https?:|#)/.test(target));
    expect(links.length).toBeGreaterThanOrEqual(DECISION_FILES.length);
    for (const target of links) expect(existsSync(path.join(REPO_ROOT, target)), target).toBe(true);
  });

  it('lists exactly the socket rooms the server puts sockets in, for every role', () => {
    const [id, sessionId] = ['0b6c5a52-6d3e-4c1f-9a55-2f1d7c1e9a01', '7d0f3b8e-2c4a-4f5e-8b6d-9e1a2c3b4d02'];
    const joined = new Set(ROLES.flatMap((role) => roomsFor({ id, role, sessionId })).map((room) => room.replace(id, '<id>').replace(sessionId, '<sid>')));
    const paragraph = MAP.slice(MAP.indexOf('Rooms ('), MAP.indexOf('\n\n', MAP.indexOf('Rooms (')));
    const listed = new Set([...paragraph.matchAll(/`([a-z]+(?::<[a-z]+>)?)`/g)].map((m) => m[1] as string));
    expect(joined.size).toBeGreaterThan(3);
    expect(listed).toEqual(joined);
  });

  it('stays a map: about 200 lines, the parts, both flows and the how-tos', () => {
    expect(MAP.split('\n').length).toBeLessThan(300);
    for (const heading of ['## The parts', '## The flow of an order', '## The flow of a catalogue read', '## Where each rule lives', '## How to add', '## Tests']) {
      expect(MAP).toContain(heading);
    }
  });
});
