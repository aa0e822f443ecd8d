// One Node for the whole repository: the version scripts/use-node24.sh installs (CI runs on it), the Docker image's,
// and `engines` in every package, which every locked dependency accepts (so `npm ci` prints no EBADENGINE on a
// supported Node), and what the README says.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { isSupportedNode } from '../../scripts/supported-node.mjs';

// npm's own version ranges, from the locked semver package (a dependency of our dependencies)
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null };

interface Manifest {
  name?: string;
  workspaces?: string[];
  engines?: { node?: string };
}
interface LockEntry {
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const PINNED = /^VERSION=(\d+\.\d+\.\d+)$/m.exec(read('scripts/use-node24.sh'))?.[1] ?? '';
const root = JSON.parse(read('package.json')) as Manifest;
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const ENGINES = root.engines?.node ?? '';

describe('the Node version', () => {
  it('is Node 24 (LTS) in the install script, and the root package allows it and Node 22 from 22.19 on', () => {
    expect(PINNED).toMatch(/^24\./);
    expect(semver.satisfies(PINNED, ENGINES)).toBe(true);
    expect(semver.minVersion(ENGINES)?.version).toBe('22.19.0');
    expect(semver.satisfies('20.19.0', ENGINES)).toBe(false);
  });

  it('is the same range in every workspace package and in the lock', () => {
    for (const workspace of root.workspaces ?? []) {
      expect((JSON.parse(read(`${workspace}/package.json`)) as Manifest).engines?.node, workspace).toBe(ENGINES);
      expect(lock.packages[workspace]?.engines?.node, `package-lock.json: ${workspace}`).toBe(ENGINES);
    }
    expect(lock.packages['']?.engines?.node).toBe(ENGINES);
  });

  it('is accepted by every locked package npm installs on Linux, at the pinned version and at the range\'s lowest of 22 and 24', () => {
    const refused: string[] = [];
    for (const [where, entry] of Object.entries(lock.packages)) {
      const range = entry.engines?.node;
      if (!range || where === '' || (root.workspaces ?? []).includes(where)) continue;
      // npm leaves out a package made for another system, and checks nothing of it
      if (entry.os && !entry.os.includes('linux')) continue;
      if (entry.cpu && !entry.cpu.some((cpu) => cpu === 'x64' || cpu === 'arm64')) continue;
      for (const version of [PINNED, '22.19.0', '24.0.0']) {
        if (!semver.satisfies(version, range)) refused.push(`${where.replace(/^.*node_modules\//, '')} wants ${range}, not ${version}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('is what `npm start` and `npm test` check before anything else (scripts/supported-node.mjs)', () => {
    for (const version of ['18.20.4', '20.19.0', '20.20.2', '22.12.0', '22.18.9', '22.19.0', '22.23.3', '23.11.0', '24.0.0', PINNED, '25.2.1', '26.0.0', '26.12.1']) {
      expect(isSupportedNode(`v${version}`), version).toBe(semver.satisfies(version, ENGINES));
    }
  });

  it('is the Docker image\'s in every stage', () => {
    const stages = [...read('Dockerfile').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const image of stages) expect(image).toBe(`node:${PINNED}-bookworm-slim`);
  });

  it('is what CI runs on: .ci/run puts the installed Node first on PATH before npm ci', () => {
    const run = read('.ci/run');
    const installed = run.indexOf('PATH="$(scripts/use-node24.sh):$PATH"');
    expect(installed).toBeGreaterThan(-1);
    expect(run.indexOf('npm ci')).toBeGreaterThan(installed);
  });

  it('is what the README asks for, with the script for an older Node', () => {
    const readme = read('README.md');
    expect(readme).toContain('Node 24');
    expect(readme).toContain('scripts/use-node24.sh');
    expect(readme).not.toMatch(/Node 20/);
  });
});
