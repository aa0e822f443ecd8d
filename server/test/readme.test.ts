// README.md is true on a fresh clone: its configuration table lists exactly the variables the server's config
// schema reads, every other variable the code reads is named in it, every `npm run` it shows is a script of the
// package it names, every source file it points to exists, nothing points outside the repository, the browser
// tests' chromium is one command, and the address it says `npm start` prints is the one the server prints.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig, REPO_ROOT } from '../src/config';

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const SYSTEM_VARIABLES = ['HOME', 'PATH', 'APPDATA', 'USERPROFILE', 'XDG_CONFIG_HOME', 'XDG_CACHE_HOME', 'TMPDIR'];
const README = read('README.md');
/** The README with every run of spaces and line breaks made one space: a command may wrap in the text. */
const FLAT = README.replace(/\s+/g, ' ');

/** The rows of the Markdown table that follows `heading`, each a list of its cells. */
function tableAfter(heading: string): string[][] {
  const start = README.indexOf(heading);
  expect(start, heading).toBeGreaterThan(-1);
  const lines = README.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.startsWith('|')) break;
    rows.push(line.split('|').slice(1, -1).map((cell) => cell.trim()));
  }
  return rows.slice(2); // the header and its rule
}

/** The source files of a folder (recursively), tests left out. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(relative));
    else if (/\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(relative);
  }
  return out;
}

describe('README.md', () => {
  it('lists in its configuration table exactly the variables the config schema reads', () => {
    const rows = tableAfter('## Configuration');
    expect(rows.length).toBeGreaterThan(20);
    const documented = rows.flatMap((cells) => [...(cells[0] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] as string));
    expect(new Set(documented).size).toBe(documented.length); // each once
    expect([...documented].sort()).toEqual([...ENV_NAMES].sort());
  });

  it('names every other variable the server and the counter read (KADE_IMAGE_NICENESS, the agent\'s KADE_*)', () => {
    const names = new Set<string>();
    for (const file of [...sources('server/src'), ...sources('desktop/src')]) {
      const code = readFileSync(path.join(REPO_ROOT, file), 'utf8');
      for (const m of code.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)|\b(KADE_[A-Z0-9_]+)\b/g)) names.add((m[1] ?? m[2]) as string);
    }
    expect(names).toContain('KADE_IMAGE_NICENESS');
    expect(names).toContain('KADE_STAFF_MOBILE');
    // the system's own (a home folder, a path) are not ours to document
    const unnamed = [...names].filter((name) => !SYSTEM_VARIABLES.includes(name) && !README.includes(`\`${name}\``) && !README.includes(`${name}=`));
    expect(unnamed).toEqual([]);
  });

  it('shows only `npm run` scripts that exist, in the package it names', () => {
    const root = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };
    const workspaces = new Map(
      root.workspaces.map((folder) => {
        const pkg = JSON.parse(read(`${folder}/package.json`)) as { name: string; scripts?: Record<string, string> };
        return [pkg.name, pkg.scripts ?? {}] as const;
      }),
    );
    const runs = [...FLAT.matchAll(/npm run ([\w:.-]+)( --workspace (@[\w/-]+))?/g)];
    expect(runs.length).toBeGreaterThan(8);
    for (const [shown, script, , workspace] of runs) {
      const scripts = workspace ? workspaces.get(workspace as string) : root.scripts;
      expect(scripts, shown).toBeDefined();
      expect(Object.keys(scripts ?? {}), shown).toContain(script);
    }
    expect(Object.keys(root.scripts)).toEqual(expect.arrayContaining(['start', 'test']));
  });

  it('points only to files the repository has, and to nothing outside it', () => {
    expect(README).not.toMatch(/\.\.\/(?!\.)/); // no ../shared/SPEC.md, ../shared/DESIGN.md
    for (const [, target] of README.matchAll(/\]\(([^)]+)\)/g)) {
      expect(target, target).toMatch(/^(https?:\/\/|#)/);
    }
    // every source or repository file named in backticks (not a folder the build or a start makes)
    const named = [...README.matchAll(/`((?:\.ci|scripts|docs|deploy|server\/(?:src|test|scripts)|shop-web\/(?:src|e2e)|desktop\/src|shared\/src|bench\/src)\/[\w./-]+)`/g)].map((m) => m[1] as string);
    expect(named.length).toBeGreaterThan(5);
    for (const file of named) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
    // and the repository's own top-level files it names (Dockerfile, docker-compose.yml, ARCHITECTURE.md…)
    const topLevel = [...README.matchAll(/`(Dockerfile|\.?[\w-]+\.(?:yml|md|example))`/g)].map((m) => m[1] as string);
    expect(topLevel).toEqual(expect.arrayContaining(['Dockerfile', 'docker-compose.yml', 'ARCHITECTURE.md']));
    for (const file of topLevel) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
  });

  it('installs the browser tests\' chromium with one command, the package CI installs', () => {
    expect(FLAT).toContain('`sudo apt-get install -y chromium`');
    expect(read('.ci/run')).toMatch(/apt-get install -y(?: -qq)? chromium\b/);
  });

  it('says the address `npm start` prints: the server\'s defaults, as main.ts prints them', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kade-readme-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const printed = `http://${config.host}:${config.port}`;
      expect(printed).toBe('http://127.0.0.1:3000');
      expect(read('server/src/main.ts')).toContain('`  Shop:       ${server.url}/`');
      expect(FLAT).toContain(`\`Shop: ${printed}/\``);
      expect(FLAT).toContain(`serves on ${printed}`);
      expect(FLAT).not.toContain('localhost:3000');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
