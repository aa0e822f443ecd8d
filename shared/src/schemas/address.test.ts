import { describe, expect, it } from 'vitest';
import { addressAdminUpdateSchema, addressCreateSchema, addressDisableSchema, addressUpdateSchema } from './address';
import { check } from './testing';

const ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

const address = {
  address_line: 'Home',
  city: '12 Temple Road, Wellawatte',
  state: 'Opposite the kovil',
  pincode: '0771234567',
  mobile: 'Home',
  country: '6.874200, 79.860800',
  latitude: 6.8742,
  longitude: 79.8608,
  accuracy: 12.5,
};

describe('addressCreateSchema', () => {
  it('accepts a full address', () => {
    expect(check(addressCreateSchema, address)).toEqual({ ok: address });
  });

  it('the location text and accuracy are optional', () => {
    const { country: _country, accuracy: _accuracy, ...rest } = address;
    expect(check(addressCreateSchema, rest)).toEqual({ ok: rest });
  });

  it.each([
    [{ latitude: -90 }, 'latitude', -90],
    [{ latitude: 90 }, 'latitude', 90],
    [{ longitude: -180 }, 'longitude', -180],
    [{ longitude: 180 }, 'longitude', 180],
    [{ accuracy: 0 }, 'accuracy', 0],
    [{ pincode: ' 0771234567 ' }, 'pincode', '0771234567'],
    [{ mobile: 'Relative' }, 'mobile', 'Relative'],
  ])('accepts the boundary %j', (change, key, value) => {
    expect(check(addressCreateSchema, { ...address, ...change })).toHaveProperty(['ok', key], value);
  });

  it.each([
    [{ address_line: '' }, 'address name is required', 'address_line'],
    [{ city: undefined }, 'address is required', 'city'],
    [{ state: ' ' }, 'landmark is required', 'state'],
    [{ pincode: '' }, 'Mobile number is required', 'pincode'],
    [{ pincode: undefined }, 'Mobile number is required', 'pincode'],
    [{ pincode: '077123456' }, 'Mobile number must be exactly 10 digits', 'pincode'],
    [{ pincode: '07712345678' }, 'Mobile number must be exactly 10 digits', 'pincode'],
    [{ pincode: '077123456a' }, 'Mobile number must be exactly 10 digits', 'pincode'],
    [{ mobile: undefined }, 'place type is required', 'mobile'],
    [{ mobile: 'Hotel' }, 'place type must be one of Home, Work, Relative, Other', 'mobile'],
    [{ latitude: undefined }, 'latitude is required', 'latitude'],
    [{ latitude: -90.0001 }, 'latitude must be between -90 and 90', 'latitude'],
    [{ latitude: 90.0001 }, 'latitude must be between -90 and 90', 'latitude'],
    [{ latitude: '6.9' }, 'latitude must be a number', 'latitude'],
    [{ longitude: -180.0001 }, 'longitude must be between -180 and 180', 'longitude'],
    [{ longitude: 180.0001 }, 'longitude must be between -180 and 180', 'longitude'],
    [{ longitude: undefined }, 'longitude is required', 'longitude'],
    [{ accuracy: -0.1 }, 'accuracy must be 0 or more', 'accuracy'],
    [{ country: 'x'.repeat(201) }, 'location must be at most 200 characters', 'country'],
  ])('refuses %j: %s', (change, message, field) => {
    expect(check(addressCreateSchema, { ...address, ...change })).toEqual({ error: message, field });
  });
});

describe('addressUpdateSchema (customer)', () => {
  const { latitude: _lat, longitude: _lng, accuracy: _acc, ...form } = address;
  it('the landmark and the position are optional', () => {
    const { state: _state, ...noLandmark } = form;
    expect(check(addressUpdateSchema, { _id: ID, ...noLandmark })).toEqual({ ok: { _id: ID, ...noLandmark } });
    expect(check(addressUpdateSchema, { _id: ID, ...form, state: '' })).toEqual({ ok: { _id: ID, ...form, state: '' } });
  });

  it.each([
    [{ _id: undefined }, 'address id is required', '_id'],
    [{ address_line: '' }, 'address name is required', 'address_line'],
    [{ city: '' }, 'address is required', 'city'],
    [{ pincode: '123' }, 'Mobile number must be exactly 10 digits', 'pincode'],
    [{ mobile: '' }, 'place type must be one of Home, Work, Relative, Other', 'mobile'],
  ])('refuses %j: %s', (change, message, field) => {
    expect(check(addressUpdateSchema, { _id: ID, ...form, ...change })).toEqual({ error: message, field });
  });
});

describe('addressAdminUpdateSchema', () => {
  it('accepts any subset of fields', () => {
    expect(check(addressAdminUpdateSchema, { _id: ID, city: 'New text' })).toEqual({ ok: { _id: ID, city: 'New text' } });
    expect(check(addressAdminUpdateSchema, { _id: ID })).toEqual({ ok: { _id: ID } });
  });

  it.each([
    [{}, 'address id is required', '_id'],
    [{ _id: ID, pincode: '12' }, 'Mobile number must be exactly 10 digits', 'pincode'],
    [{ _id: ID, address_line: ' ' }, 'address name is required', 'address_line'],
  ])('still checks the format of what is sent: %j', (value, message, field) => {
    expect(check(addressAdminUpdateSchema, value)).toEqual({ error: message, field });
  });
});

describe('addressDisableSchema', () => {
  it('takes the id', () => {
    expect(check(addressDisableSchema, { _id: ID })).toEqual({ ok: { _id: ID } });
    expect(check(addressDisableSchema, {})).toEqual({ error: 'address id is required', field: '_id' });
  });
});
