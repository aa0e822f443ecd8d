import type { Context, Next } from 'koa';
import { toBuffer, type Database } from '../../db/database';

const KEY = /^\/files\/([a-f0-9]{32}-\d{2,4}\.webp)$/;

/** GET /files/{hash}-{width}.webp: stored images, cached for a year (the key names the content). */
export function serveStoredFiles(db: Database) {
  return async function storedFiles(ctx: Context, next: Next) {
    const match = ctx.method === 'GET' || ctx.method === 'HEAD' ? KEY.exec(ctx.path) : null;
    if (!match) return next();
    const key = match[1] as string;
    ctx.set('ETag', `"${key}"`);
    if (ctx.get('If-None-Match') === `"${key}"`) {
      ctx.status = 304;
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      return;
    }
    const row = await db.knex('stored_files').where({ key }).first('data', 'content_type');
    if (!row) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'No such file.';
      return;
    }
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.type = row.content_type;
    ctx.body = toBuffer(row.data);
  };
}

