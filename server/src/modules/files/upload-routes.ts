import type { Database } from '../../db/database';
import { route, type RouteSpec } from '../../http/route';
import { readUploadedFile } from '../../http/upload';
import { storeImage } from './service';

/** POST /api/file/upload (admin): form field `image`; answers `data.url`. */
export function fileRoutes(deps: { db: Database }): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/file/upload',
      access: 'admin',
      raw: true,
      handler: async ({ ctx, user }) => {
        const file = await readUploadedFile(ctx, 'image');
        const stored = await storeImage(deps.db.knex, file.buffer, { originalName: file.originalName, ...(user ? { uploadedBy: user.id } : {}) });
        return { data: { url: stored.url }, message: 'Image uploaded.', status: 201 };
      },
    }),
  ];
}
