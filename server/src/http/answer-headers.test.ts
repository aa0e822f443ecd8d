import { beforeAll, describe, expect, it } from 'vitest';
import { answerHeaders, jsonAnswerHeaders } from './answer-headers';
import { fixedSecurityHeaders } from './security';

const JSON_HEAD = ['Content-Type', 'application/json; charset=utf-8'];

describe("the fast lane's JSON answer headers", () => {
  beforeAll(async () => {
    await fixedSecurityHeaders();
  });

  it('are answerHeaders with the content type and length after them, for every kind of request', () => {
    const kinds = [
      { request: {}, answer: { requestId: 'id-plain-0001', path: '/api/product/get-product-details' } },
      { request: { authorization: 'Bearer a.b.c' }, answer: { requestId: 'id-bearer-001', path: '/api/product/get-product-details' } },
      { request: { cookie: 'accessToken=x' }, answer: { requestId: 'id-cookie-001', path: '/api/product/search-product' } },
      { request: { authorization: 'Bearer a.b.c' }, answer: { requestId: 'id-not-api-01', path: '/' } },
      { request: { authorization: 'Basic abc' }, answer: { requestId: 'id-basic-0001', path: '/api/category/get' } },
      { request: {}, answer: { requestId: 'id-retry-0001', path: '/api/product/search-product', retryAfterSeconds: 7 } },
    ];
    for (const { request, answer } of kinds) {
      expect(jsonAnswerHeaders(request, answer, '1234'), answer.requestId).toEqual([...answerHeaders(request, answer), ...JSON_HEAD, 'Content-Length', '1234']);
    }
    // no-store for an API answer to a caller's credentials only
    const noStore = (request: object, path: string) => jsonAnswerHeaders(request, { requestId: 'x'.repeat(8), path }, '1').includes('no-store');
    expect([noStore({}, '/api/a'), noStore({ authorization: 'Bearer t' }, '/api/a'), noStore({ authorization: 'Bearer t' }, '/'), noStore({ cookie: 'accessToken=x' }, '/api/a')]).toEqual([false, true, false, true]);
  });

  it('are a list of their own each time: one answer\'s id and length never show in another\'s', () => {
    const first = jsonAnswerHeaders({}, { requestId: 'first-request', path: '/api/a' }, '10');
    const second = jsonAnswerHeaders({}, { requestId: 'second-request', path: '/api/a' }, '20');
    const third = jsonAnswerHeaders({ authorization: 'Bearer t' }, { requestId: 'third-request', path: '/api/a' }, '30');
    expect(second).not.toBe(first);
    expect([first[1], first.at(-1)]).toEqual(['first-request', '10']);
    expect([second[1], second.at(-1)]).toEqual(['second-request', '20']);
    expect([third[1], third.at(-1)]).toEqual(['third-request', '30']);
    // changing one list (as a writer might) changes no later one
    first.push('X-Extra', 'yes');
    first[1] = 'changed';
    expect(jsonAnswerHeaders({}, { requestId: 'fourth-request', path: '/api/a' }, '40')).toEqual([...answerHeaders({}, { requestId: 'fourth-request', path: '/api/a' }), ...JSON_HEAD, 'Content-Length', '40']);
  });
});
