import { scryptSync } from 'node:crypto';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createScryptPool, HASH_NICENESS, type ScryptPool } from './password-pool';
import { createPasswordHasher, hashPassword, verifyPassword } from './password';

const CHEAP = { N: 2 ** 10, r: 8, p: 1 } as const;
const OPTIONS = { ...CHEAP, maxmem: 256 * CHEAP.N * CHEAP.r };

describe('the password hashing threads', () => {
  const pools: Array<{ close(): Promise<void> }> = [];
  const pool = (size: number): ScryptPool => {
    const made = createScryptPool(size);
    pools.push(made);
    return made;
  };
  afterEach(async () => {
    for (const made of pools.splice(0)) await made.close();
  });

  it('derive the same key as scrypt itself, many at once on a few threads', async () => {
    const threads = pool(2);
    const salts = Array.from({ length: 6 }, (_, i) => Buffer.alloc(16, i + 1));
    const keys = await Promise.all(salts.map((salt, i) => threads.scrypt(`password ${i}`, salt, 32, OPTIONS)));
    keys.forEach((key, i) => expect(key.equals(scryptSync(`password ${i}`, salts[i]!, 32, OPTIONS))).toBe(true));
  });

  it('run at a lower CPU priority than the server, which keeps its own', async () => {
    const before = os.getPriority(0);
    const threads = pool(2);
    await threads.scrypt('x', Buffer.alloc(16), 32, OPTIONS);
    // Linux keeps a nice value per thread, so the threads can be lowered alone; elsewhere they are left as they are
    expect(await threads.niceness()).toEqual(process.platform === 'linux' ? [before + HASH_NICENESS, before + HASH_NICENESS] : [null, null]);
    expect(os.getPriority(0)).toBe(before);
  });

  it('fail a bad job with its error and go on with the next', async () => {
    const threads = pool(1);
    await expect(threads.scrypt('x', Buffer.alloc(16), 32, { N: 1000, r: 8, p: 1, maxmem: 256 * 1000 * 8 })).rejects.toThrow(/N|cost|parameter/i);
    const key = await threads.scrypt('x', Buffer.alloc(16), 32, OPTIONS);
    expect(key.equals(scryptSync('x', Buffer.alloc(16), 32, OPTIONS))).toBe(true);
  });

  it('start again after close', async () => {
    const threads = pool(1);
    await threads.scrypt('x', Buffer.alloc(16), 32, OPTIONS);
    await threads.close();
    const key = await threads.scrypt('y', Buffer.alloc(16), 32, OPTIONS);
    expect(key.equals(scryptSync('y', Buffer.alloc(16), 32, OPTIONS))).toBe(true);
  });

  it('are what the server hashes and checks passwords with: a hash made there checks here and back', async () => {
    const hasher = createPasswordHasher({ hashConcurrency: 2, hashQueue: 4 }, CHEAP);
    pools.push(hasher);
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await hasher.verify('correct horse', await hashPassword('correct horse', CHEAP))).toBe(true);
    expect(await hasher.verify('wrong horse', stored)).toBe(false);
    expect((await hasher.niceness()).length).toBe(2);
  });
});
