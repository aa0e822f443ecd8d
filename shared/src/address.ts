// Delivery addresses: the one mapping between the wire's field names and what they hold (DESIGN.md section 10).
//
// The wire keeps SPEC.md's names, but with the customer form's meanings:
//   address_line -> label           the address name or nickname ('Home', 'Amma's place')
//   city         -> address_text    the address itself (house, street, area)
//   state        -> landmark        a landmark near it (optional when editing)
//   pincode      -> contact_mobile  a 10-digit mobile number to call on delivery
//   mobile       -> place_type      Home, Work, Relative or Other
//   country      -> location_text   the detected location, 'latitude, longitude'
// The database stores them under the names on the right; every screen labels a field by what it holds.

/** The kinds of place an address can be. */
export const PLACE_TYPES = ['Home', 'Work', 'Relative', 'Other'] as const;
export type PlaceType = (typeof PLACE_TYPES)[number];

/** The address fields as they travel on the wire (SPEC.md names). */
export interface AddressWire {
  address_line: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
  mobile: string;
}

/** Who an address belongs to, as an admin's address list shows it. */
export interface AddressOwnerWire {
  _id: string;
  name: string;
  email: string;
  mobile: string;
}

/** A saved address as the address calls answer it: the wire fields, its place and state. */
export interface SavedAddressWire extends AddressWire {
  _id: string;
  /** The owner's id, or (in an admin's list) the owner. */
  userId: string | AddressOwnerWire;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  /** Kilometres from the store, or null without a position. */
  distanceKm: number | null;
  status: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The same fields as the database stores them, named by what they hold. */
export interface AddressFields {
  label: string;
  address_text: string;
  landmark: string;
  contact_mobile: string;
  place_type: string;
  location_text: string;
}

/** Wire name -> database name; the single source of the mapping. */
export const ADDRESS_WIRE_TO_FIELD = {
  address_line: 'label',
  city: 'address_text',
  state: 'landmark',
  pincode: 'contact_mobile',
  mobile: 'place_type',
  country: 'location_text',
} as const satisfies Record<keyof AddressWire, keyof AddressFields>;

const WIRE_KEYS = Object.keys(ADDRESS_WIRE_TO_FIELD) as (keyof AddressWire)[];

/** How each wire field is labelled for people, by what it holds. */
export const ADDRESS_FIELD_LABELS: Readonly<Record<keyof AddressWire, string>> = {
  address_line: 'Address name',
  city: 'Address',
  state: 'Landmark',
  pincode: 'Mobile number',
  mobile: 'Place type',
  country: 'Location',
};

/** Wire fields to database fields; a missing or null field becomes ''. */
export function addressFromWire(wire: Partial<Record<keyof AddressWire, string | null>>): AddressFields {
  const row: Partial<AddressFields> = {};
  for (const key of WIRE_KEYS) row[ADDRESS_WIRE_TO_FIELD[key]] = wire[key] ?? '';
  return row as AddressFields;
}

/** Database fields to wire fields; a missing or null field becomes ''. */
export function addressToWire(row: Partial<Record<keyof AddressFields, string | null>>): AddressWire {
  const wire: Partial<AddressWire> = {};
  for (const key of WIRE_KEYS) wire[key] = row[ADDRESS_WIRE_TO_FIELD[key]] ?? '';
  return wire as AddressWire;
}

/** How an address's lines name their parts: English for the receipt and the dashboard, the shopper's words on the shop's cards. */
export interface AddressWords {
  landmark: (landmark: string) => string;
  mobile: (mobile: string) => string;
  /** A place type ('Home') as shown. */
  placeType: (placeType: string) => string;
}

const ENGLISH_ADDRESS_WORDS: AddressWords = {
  landmark: (landmark) => `Landmark: ${landmark}`,
  mobile: (mobile) => `Mobile: ${mobile}`,
  placeType: (placeType) => placeType,
};

/**
 * Lines of an address for a card or a receipt: name, address, 'Landmark: …', 'Mobile: …' and place type,
 * leaving out empty parts; `words` says the labels in another language.
 */
export function addressLines(wire: Partial<Record<keyof AddressWire, string | null>>, words: AddressWords = ENGLISH_ADDRESS_WORDS): string[] {
  const text = (value: string | null | undefined): string => (value ?? '').trim();
  const landmark = text(wire.state);
  const mobile = text(wire.pincode);
  const placeType = text(wire.mobile);
  const name = text(wire.address_line);
  const place = placeType === '' ? '' : words.placeType(placeType);
  const heading = placeType !== '' && placeType !== name ? (name === '' ? place : `${name} (${place})`) : name;
  return [
    heading,
    text(wire.city),
    landmark === '' ? '' : words.landmark(landmark),
    mobile === '' ? '' : words.mobile(mobile),
  ].filter((line) => line !== '');
}

/** An address as the admin search sees it (the admin list nests the user's name and e-mail). */
export interface SearchableAddress {
  address_line?: string | null;
  city?: string | null;
  pincode?: string | null;
  country?: string | null;
  userId?: { name?: string | null; email?: string | null } | string | null;
}

/**
 * The admin address search: a case-insensitive substring match over the user's name and e-mail, city,
 * address line, pincode and country. An empty or blank query matches every address.
 */
export function matchesAddressSearch(address: SearchableAddress, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  const user = typeof address.userId === 'object' && address.userId !== null ? address.userId : {};
  return [user.name, user.email, address.city, address.address_line, address.pincode, address.country].some(
    (value) => (value ?? '').toLowerCase().includes(needle),
  );
}
