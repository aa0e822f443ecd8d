import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELD_LABELS,
  ADDRESS_WIRE_TO_FIELD,
  PLACE_TYPES,
  addressFromWire,
  addressLines,
  addressToWire,
  matchesAddressSearch,
} from './address';
import type { AddressFields, AddressWire } from './address';

const wire: AddressWire = {
  address_line: "Amma's place",
  city: '12 Temple Road, Wellawatte',
  state: 'Opposite the kovil',
  pincode: '0771234567',
  mobile: 'Relative',
  country: '6.874200, 79.860800',
};

const row: AddressFields = {
  label: "Amma's place",
  address_text: '12 Temple Road, Wellawatte',
  landmark: 'Opposite the kovil',
  contact_mobile: '0771234567',
  place_type: 'Relative',
  location_text: '6.874200, 79.860800',
};

describe('address mapping', () => {
  it('maps every wire field to the field that says what it holds', () => {
    expect(ADDRESS_WIRE_TO_FIELD).toEqual({
      address_line: 'label',
      city: 'address_text',
      state: 'landmark',
      pincode: 'contact_mobile',
      mobile: 'place_type',
      country: 'location_text',
    });
  });

  it('addressFromWire', () => {
    expect(addressFromWire(wire)).toEqual(row);
  });

  it('addressToWire', () => {
    expect(addressToWire(row)).toEqual(wire);
  });

  it('round-trips both ways', () => {
    expect(addressToWire(addressFromWire(wire))).toEqual(wire);
    expect(addressFromWire(addressToWire(row))).toEqual(row);
  });

  it('turns missing and null fields into empty text', () => {
    expect(addressFromWire({ address_line: 'Home', state: null })).toEqual({
      label: 'Home',
      address_text: '',
      landmark: '',
      contact_mobile: '',
      place_type: '',
      location_text: '',
    });
    expect(addressToWire({ contact_mobile: '0771234567' })).toEqual({
      address_line: '',
      city: '',
      state: '',
      pincode: '0771234567',
      country: '',
      mobile: '',
    });
  });

  it('labels each field by what it holds', () => {
    expect(ADDRESS_FIELD_LABELS).toEqual({
      address_line: 'Address name',
      city: 'Address',
      state: 'Landmark',
      pincode: 'Mobile number',
      mobile: 'Place type',
      country: 'Location',
    });
  });

  it('has the four place types', () => {
    expect(PLACE_TYPES).toEqual(['Home', 'Work', 'Relative', 'Other']);
  });
});

describe('addressLines', () => {
  it.each([
    [wire, ["Amma's place (Relative)", '12 Temple Road, Wellawatte', 'Landmark: Opposite the kovil', 'Mobile: 0771234567']],
    [{ address_line: 'Home', city: 'No 5, Galle Road', mobile: 'Home', pincode: '0711111111' }, ['Home', 'No 5, Galle Road', 'Mobile: 0711111111']],
    [{ city: 'No 5, Galle Road', mobile: 'Work' }, ['Work', 'No 5, Galle Road']],
    [{ address_line: ' Office ', state: '  ', city: null }, ['Office']],
    [{}, []],
  ])('%j', (address, lines) => {
    expect(addressLines(address)).toEqual(lines);
  });

  it("says its labels and the place type in the words given (the shopper's language)", () => {
    const tamil = { landmark: (v: string) => `அடையாளம்: ${v}`, mobile: (v: string) => `கைபேசி: ${v}`, placeType: (v: string) => (v === 'Relative' ? 'உறவினர் வீடு' : v) };
    expect(addressLines(wire, tamil)).toEqual(["Amma's place (உறவினர் வீடு)", '12 Temple Road, Wellawatte', 'அடையாளம்: Opposite the kovil', 'கைபேசி: 0771234567']);
    expect(addressLines({ city: 'No 5, Galle Road', mobile: 'Relative' }, tamil)).toEqual(['உறவினர் வீடு', 'No 5, Galle Road']);
  });
});

describe('matchesAddressSearch', () => {
  const address = {
    address_line: 'Home',
    city: '12 Temple Road',
    pincode: '0771234567',
    country: '6.874200, 79.860800',
    userId: { name: 'Nimali Perera', email: 'kade0771234567@login.kade.lk' },
  };
  it.each([
    ['', true],
    ['   ', true],
    ['nimali', true],
    ['PERERA', true],
    ['login.kade', true],
    ['temple', true],
    ['home', true],
    ['0771234', true],
    ['79.86', true],
    ['Jaffna', false],
    ['Relative', false],
  ])('query %j -> %s', (query, match) => {
    expect(matchesAddressSearch(address, query)).toBe(match);
  });

  it('copes with a missing user and missing fields', () => {
    expect(matchesAddressSearch({ city: 'Kandy', userId: null }, 'kandy')).toBe(true);
    expect(matchesAddressSearch({ userId: 'some-id' }, 'some')).toBe(false);
    expect(matchesAddressSearch({}, 'x')).toBe(false);
  });
});
