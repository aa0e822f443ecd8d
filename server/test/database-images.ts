// Test databases start migrated from a copy instead of running every migration again: an empty PGlite costs
// initdb (about 5 s of CPU) and the migrations another 0.6 s, while opening a saved image of a migrated one costs
// about 1.9 s; a PostgreSQL database is copied from a migrated template database in one `create database`.
// The copy is made once per content of the migrations folder (and PGlite version), so a changed or added
// migration makes a new one. migrations.test.ts still migrates empty databases of both kinds.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { REPO_ROOT } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateLatest } from '../src/db/migrate';

const MIGRATIONS_DIR = path.join(REPO_ROOT, 'server', 'src', 'db', 'migrations');
const PGLITE_PACKAGE = path.join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json');

let key: string | undefined;
/** Names what a migrated database holds: every migration file's name and bytes, and the PGlite that wrote the image. */
function schemaKey(): string {
  if (key) return key;
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(path.join(MIGRATIONS_DIR, name)));
  hash.update(readFileSync(PGLITE_PACKAGE));
  return (key = hash.digest('hex').slice(0, 16));
}

let pgliteImage: Promise<Blob> | undefined;
/** A migrated PGlite's data folder as a tar file, kept in the temp folder for later runs (and the other test processes). */
export function migratedPgliteImage(): Promise<Blob> {
  return (pgliteImage ??= (async () => {
    const file = path.join(os.tmpdir(), 'kade-test-images', `pglite-${schemaKey()}.tar`);
    if (!existsSync(file)) {
      const db = await openDatabase({ database: { kind: 'pglite', dataDir: undefined } });
      try {
        await migrateLatest(db);
        const image = Buffer.from(await (await db.image!()).arrayBuffer());
        mkdirSync(path.dirname(file), { recursive: true });
        // written aside then renamed: a process reading it never sees half a file
        const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(aside, image);
        renameSync(aside, file);
      } finally {
        await db.close();
      }
    }
    return new Blob([readFileSync(file)]);
  })());
}

/**
 * The name of a migrated database on the PostgreSQL server that `create database … template` copies, made when
 * missing. It is built under a name of its own and renamed when complete, so a run killed halfway never leaves a
 * half-migrated template under the real name; of two processes building it at once, the second rename loses and
 * drops its copy. Nothing ever connects to the template itself (a copy needs it unused).
 */
export async function migratedPostgresTemplate(admin: Knex, baseUrl: string): Promise<string> {
  const name = `kade_template_${schemaKey()}`;
  const found = await admin('pg_database').where({ datname: name }).first('datname');
  if (found) return name;
  const building = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin.raw(`create database ${building}`);
  const url = new URL(baseUrl);
  url.pathname = `/${building}`;
  const db = await openDatabase({ database: { kind: 'postgres', url: url.toString() } });
  try {
    await migrateLatest(db);
  } catch (error) {
    await db.close();
    await admin.raw(`drop database if exists ${building}`);
    throw error;
  }
  await db.close();
  try {
    await admin.raw(`alter database ${building} rename to ${name}`);
  } catch (error) {
    await admin.raw(`drop database if exists ${building}`);
    if ((error as { code?: string }).code !== '42P04') throw error; // 42P04: another process made it first
  }
  return name;
}

