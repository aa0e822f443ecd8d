import busboy from 'busboy';
import type { Context } from 'koa';
import { UPLOAD_MAX_BYTES } from '@kade/shared';
import { AppError, badRequest } from './errors';

const MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024);

/**
 * Reads one file from a multipart form field into memory, at most 5 MB (busboy stops reading past that).
 * Whether it is an image is decided later by its bytes (files/service.ts), never by its name or declared type.
 */
export function readUploadedFile(ctx: Context, field: string): Promise<{ buffer: Buffer; originalName: string }> {
  if (!ctx.is('multipart/form-data')) {
    return Promise.reject(new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the file as multipart/form-data in the field "${field}".`, { field }));
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: ctx.req.headers, limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 10_000 } });
    } catch {
      reject(badRequest('That upload could not be read. Please try again.', field));
      return;
    }
    let failure: AppError | undefined;
    let found: { buffer: Buffer; originalName: string } | undefined;
    const fail = (error: AppError) => {
      failure ??= error;
    };
    parser.on('file', (name, stream, info) => {
      if (name !== field) {
        fail(badRequest(`Send the file in the field "${field}".`, field));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new AppError('FILE_TOO_LARGE', `That file is larger than ${MEGABYTES} MB.`, { field })));
      stream.on('close', () => {
        found = { buffer: Buffer.concat(chunks), originalName: (info.filename ?? '').slice(0, 200) };
      });
    });
    parser.on('filesLimit', () => fail(badRequest(`Send one file, in the field "${field}".`, field)));
    parser.on('partsLimit', () => fail(badRequest('That form has too many parts.', field)));
    parser.on('error', () => reject(failure ?? badRequest('That upload could not be read. Please try again.', field)));
    parser.on('close', () => {
      if (failure) reject(failure);
      else if (!found || found.buffer.length === 0) reject(badRequest(`${field} is required`, field));
      else resolve(found);
    });
    ctx.req.pipe(parser);
  });
}
