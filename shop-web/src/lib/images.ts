// The stored images' widths are a rule of shared/src/files.ts (the server's page head uses it too).
export { imageAt, imageSrcSet } from '@kade/shared';
