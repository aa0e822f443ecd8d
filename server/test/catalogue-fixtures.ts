// Helpers for the catalogue tests: images stored as an upload would store them, and catalogue rows made
// through the API as an admin would make them.
import sharp from 'sharp';
import type { CategoryWire, ProductWire, SubCategoryWire, VariationWire } from '@kade/shared';
import { storeImage } from '../src/modules/files/service';
import type { TestServer } from './helpers';

export interface Answer<T = unknown> {
  success: boolean;
  error: boolean;
  message: string;
  code?: string;
  field?: string;
  data: T;
  page?: number;
  limit?: number;
  totalPage?: number;
  totalCount?: number;
}

/** `count` distinct images stored through the upload service; answers their URLs. */
export async function storedImages(server: TestServer, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const colour = `#${(0x204060 + i * 0x0a0b0c).toString(16).slice(-6).padStart(6, '0')}`;
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: colour } }).png().toBuffer();
    urls.push((await storeImage(server.db.knex, png)).url);
  }
  return urls;
}

/** The admin's calls, each failing the test loudly when the server refuses. */
export function catalogueAdmin(server: TestServer, auth: Record<string, string>, image: string) {
  async function expectOk<T>(method: string, path: string, body: unknown): Promise<T> {
    const res = await server.api<Answer<T>>(method, path, body, auth);
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  }
  let counter = 0;
  return {
    category: (name: string) => expectOk<CategoryWire>('POST', '/api/category/add-category', { name, image }),
    subCategory: (name: string, category: string[]) => expectOk<SubCategoryWire>('POST', '/api/subcategory/create', { name, image, category }),
    product: (fields: { category: string[]; subCategory: string[] } & Record<string, unknown>) => {
      counter += 1;
      return expectOk<ProductWire>('POST', '/api/product/create', {
        name: `Product ${counter}`,
        image: [image],
        price: 100,
        unit: '1 pc',
        stock: 10,
        description: 'A product for the tests.',
        ...fields,
      });
    },
    variation: (product: string, fields: Record<string, unknown> = {}) => {
      counter += 1;
      return expectOk<VariationWire>('POST', '/api/variation/create', {
        product,
        name: `Variation ${counter}`,
        image: [image],
        unit: '500g',
        stock: 5,
        price: 50,
        description: 'A variation for the tests.',
        ...fields,
      });
    },
    patch: (body: Record<string, unknown>) => expectOk<ProductWire>('PATCH', '/api/product/update', body),
    call: expectOk,
  };
}
