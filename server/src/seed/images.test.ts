import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SEED_CATEGORIES, SEED_PRODUCTS, SEED_SUB_CATEGORIES } from './catalogue-data';
import type { SeedShape } from './catalogue-data';
import {
  labelParts,
  labelWord,
  renderBannerImage,
  renderCategoryImage,
  renderProductImage,
  renderSubCategoryImage,
  textRenderingAvailable,
} from './images';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function expectPng(buffer: Buffer, width: number, height: number) {
  expect(buffer.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  const meta = await sharp(buffer).metadata();
  expect(meta.format).toBe('png');
  expect(meta.width).toBe(width);
  expect(meta.height).toBe(height);
}

describe('the generated catalogue pictures', () => {
  it('renders a product as a PNG of the requested size, 512 by default', async () => {
    const product = SEED_PRODUCTS[0];
    if (!product) throw new Error('no seed products');
    await expectPng(await renderProductImage(product), 512, 512);
    await expectPng(await renderProductImage(product, 200), 200, 200);
  });

  it('draws every shape, and different products give different pictures', async () => {
    const shapes: SeedShape[] = ['bag', 'bottle', 'box', 'can', 'jar', 'bunch', 'round', 'pack', 'tray'];
    const samples = shapes.map((shape) => {
      const product = SEED_PRODUCTS.find((p) => p.visual.shape === shape);
      return product ?? { name: `Sample ${shape}`, unit: '1 pc', visual: { shape, colour: '#38a169' } };
    });
    const images = await Promise.all(samples.map((p) => renderProductImage(p, 128)));
    for (const image of images) await expectPng(image, 128, 128);
    expect(new Set(images.map((b) => b.toString('base64'))).size).toBe(images.length);

    // Same shape and colour, different names: still different.
    const a = await renderProductImage({ name: 'Test Rice A', unit: '1kg', visual: { shape: 'bag', colour: '#b7791f' } }, 128);
    const b = await renderProductImage({ name: 'Test Rice B', unit: '1kg', visual: { shape: 'bag', colour: '#b7791f' } }, 128);
    expect(a.equals(b)).toBe(false);
  });

  it('is deterministic: the same product gives the same bytes', async () => {
    const product = SEED_PRODUCTS[5];
    if (!product) throw new Error('no seed products');
    const [a, b] = await Promise.all([renderProductImage(product, 96), renderProductImage(product, 96)]);
    expect(a.equals(b)).toBe(true);
  });

  it('copes with odd names and colours', async () => {
    await expectPng(await renderProductImage({ name: `<Tom & "Jerry's"> 3-in-1`, unit: '1 < 2', visual: { shape: 'jar', colour: 'not-a-colour' } }, 64), 64, 64);
    await expectPng(await renderProductImage({ name: '  ', unit: '', visual: { shape: 'round', colour: '#fff' } }, 64), 64, 64);
    await expect(renderProductImage(SEED_PRODUCTS[0] as (typeof SEED_PRODUCTS)[number], 0)).rejects.toThrow(RangeError);
  });

  it('renders category and sub-category tiles at the requested sizes, different per name', async () => {
    const category = SEED_CATEGORIES[3];
    const sub = SEED_SUB_CATEGORIES.find((s) => s.categories.includes('Buy Brand'));
    if (!category || !sub) throw new Error('seed data missing');
    await expectPng(await renderCategoryImage(category.name, category.colour), 256, 256);
    await expectPng(await renderCategoryImage(category.name, category.colour, 128), 128, 128);
    await expectPng(await renderCategoryImage('Something New', '#123456', 100, 'star'), 100, 100);
    await expectPng(await renderSubCategoryImage(sub.name, sub.colour), 256, 256);
    await expectPng(await renderSubCategoryImage('Leafy Greens', '#2f855a', 96), 96, 96);
    const [x, y] = await Promise.all([renderSubCategoryImage('Black Tea', '#7b341e', 96), renderSubCategoryImage('Coffee', '#7b341e', 96)]);
    expect(x.equals(y)).toBe(false);
  });

  it('renders the banner at 1200 x 400 by default and at other sizes', async () => {
    await expectPng(await renderBannerImage(), 1200, 400);
    await expectPng(await renderBannerImage(600, 200), 600, 200);
  });

  it('labels products with a short word from the name', () => {
    expect(labelWord('White Samba Rice')).toBe('Samba');
    expect(labelParts('Kade Select Mysore Dhal')).toEqual({ word: 'Dhal', prefix: 'Kade Select' });
    expect(labelParts('Deal: Breakfast Pack')).toEqual({ word: 'Breakfast', prefix: 'Deal' });
    for (const p of SEED_PRODUCTS) {
      const word = labelWord(p.name);
      expect(word.length, p.name).toBeGreaterThan(0);
      expect(word.length, p.name).toBeLessThanOrEqual(12);
    }
  });

  it('reports whether text renders (fonts through fontconfig)', async () => {
    expect(typeof (await textRenderingAvailable())).toBe('boolean');
  });
});
