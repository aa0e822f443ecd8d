import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEXT } from '@kade/shared';
import { adminAddressesApi } from './api/addresses-api';
import { addressesLoadFailure } from './load-failure';

/** What the page would say after asking for the list through the one API client, with the network answering `fetch`. */
async function saidAfter(fetch: () => Promise<Response>): Promise<string> {
  vi.stubGlobal('fetch', vi.fn(fetch));
  try {
    await adminAddressesApi.listAll();
  } catch (error) {
    return addressesLoadFailure(error);
  }
  throw new Error('the list came');
}

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("'All User Addresses' when the list does not come (SPEC.md section 8)", () => {
  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("says 'Failed to fetch addresses' when the server answers but not successfully", async () => {
    expect(await saidAfter(json(500, { success: false, error: true, message: 'Internal error' }))).toBe(TEXT.fetchAddressesFailed);
    expect(await saidAfter(json(200, { success: false, error: true, message: 'No.' }))).toBe('Failed to fetch addresses');
  });

  it('says why when no answer comes', async () => {
    expect(
      await saidAfter(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('The shop cannot be reached. Please check your connection.');
  });

  it("gives another failure's message, or 'Something went wrong' when it has none", () => {
    expect(addressesLoadFailure(new Error('The list could not be read.'))).toBe('The list could not be read.');
    expect(addressesLoadFailure(new Error(''))).toBe(TEXT.somethingWentWrong);
    expect(addressesLoadFailure('nothing')).toBe('Something went wrong');
  });
});
