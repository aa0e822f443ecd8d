import { describe, expect, it } from 'vitest';
import { isUploadedImageUrl, uploadedImageKey } from './files';

const HASH = '0123456789abcdef0123456789abcdef';

describe('uploaded image addresses', () => {
  it.each([
    [`/files/${HASH}-480.webp`, `${HASH}-480.webp`],
    [`/files/${HASH}-160.webp`, `${HASH}-160.webp`],
    [`/files/${HASH}-1024.webp`, `${HASH}-1024.webp`],
  ])('%s is ours, stored as %s', (url, key) => {
    expect(isUploadedImageUrl(url)).toBe(true);
    expect(uploadedImageKey(url)).toBe(key);
  });

  it.each([
    ['https://cdn.example.lk/a.png'],
    [`https://kade.lk/files/${HASH}-480.webp`],
    [`/files/${HASH.slice(1)}-480.webp`],
    [`/files/${HASH.toUpperCase()}-480.webp`],
    [`/files/${HASH}-480.png`],
    [`/files/${HASH}-4.webp`],
    [`/files/${HASH}-480.webp?x=1`],
    [`/files/../${HASH}-480.webp`],
    ['/files/a.webp'],
    [''],
  ])('%s is not', (url) => {
    expect(isUploadedImageUrl(url)).toBe(false);
    expect(uploadedImageKey(url)).toBeUndefined();
  });

  it('is false for anything but text', () => {
    expect(isUploadedImageUrl(42)).toBe(false);
    expect(isUploadedImageUrl(undefined)).toBe(false);
  });
});
