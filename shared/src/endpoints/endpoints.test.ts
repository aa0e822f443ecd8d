import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, answer, endpoint, listEndpoints, pathWith, pathsOf, type AnswerOf, type BodyOf, type ParamsOf } from './index';

describe('the endpoint declarations', () => {
  it('give each method and path to one endpoint only', () => {
    const keys = listEndpoints(ENDPOINTS).flatMap(({ endpoint: e }) => pathsOf(e).map((path) => `${e.method} ${path}`));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(keys.every((key) => / \/api\//.test(key))).toBe(true);
  });

  it('name each endpoint by its area', () => {
    const names = listEndpoints(ENDPOINTS).map(({ name }) => name);
    expect(names).toContain('cart.add');
    expect(names).toContain('products.listing');
    expect(listEndpoints(ENDPOINTS).find(({ name }) => name === 'cart.add')?.endpoint).toBe(ENDPOINTS.cart.add);
  });

  it('mark answers with one shared object: the type costs nothing at run time', () => {
    expect(answer<string>()).toBe(answer<number[]>());
    expect(Object.keys(answer<string>())).toEqual([]);
  });

  it('fill path parameters, encoded, and refuse a path missing one', () => {
    expect(pathWith('/api/item/:id/line/:line', { id: 'a b', line: '2' })).toBe('/api/item/a%20b/line/2');
    expect(pathWith('/api/cart/get', undefined)).toBe('/api/cart/get');
    expect(() => pathWith('/api/item/:id', {})).toThrow("The path /api/item/:id needs its parameter 'id'.");
  });

  it('type a path\'s parameters, a body and an answer from the declaration', () => {
    const item = endpoint({ method: 'put', path: '/api/item/:id', access: 'user', body: z.object({ qty: z.number() }), answer: answer<{ qty: number }>() });
    const params: ParamsOf<typeof item.path> = { id: '1' };
    // @ts-expect-error a path parameter must be given by its name
    const misspelt: ParamsOf<typeof item.path> = { ib: '1' };
    const body: BodyOf<typeof item> = { qty: 2 };
    // @ts-expect-error a body field must be the schema's
    const wrongBody: BodyOf<typeof item> = { quantity: 2 };
    const data: AnswerOf<typeof ENDPOINTS.cart.list> = [];
    // @ts-expect-error an answer is what the endpoint declares
    const wrongData: AnswerOf<typeof ENDPOINTS.cart.list> = { lines: [] };
    expect([item.path, params, misspelt, body, wrongBody, data, wrongData]).toHaveLength(7);
  });
});
