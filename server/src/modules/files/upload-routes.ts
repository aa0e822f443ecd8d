import { ENDPOINTS } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import { readUploadedFile } from '../../http/upload';
import type { ImageService } from './service';

/**
 * POST /api/file/upload (admin): form field `image`; answers `data.url`. Each call is one upload of the
 * account's allowance (the dashboard's bulk uploads send one call per picture, so a bulk of N counts N).
 */
export function fileRoutes(deps: { images: ImageService }): RouteSpec[] {
  return [
    route(ENDPOINTS.files.upload, async ({ ctx, user }) => {
      await deps.images.countUpload(user!.id);
      const file = await readUploadedFile(ctx, 'image');
      const stored = await deps.images.store(file.buffer, { originalName: file.originalName, uploadedBy: user!.id });
      // For the dashboard's network panel and the bench: how long the picture waited for the image queue.
      if (stored.timing) ctx.set('Server-Timing', `queue;dur=${stored.timing.waitMs.toFixed(1)}, encode;dur=${stored.timing.encodeMs.toFixed(1)}`);
      return { data: { url: stored.url }, message: 'Image uploaded.', status: 201 };
    }),
  ];
}
