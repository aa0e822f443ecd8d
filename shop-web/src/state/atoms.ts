// The five client slices of SPEC.md section 3 (user, products, cart, addresses, orders), as jotai atoms.
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { DELIVERY_OPTIONS, type AddressWire, type SubstitutionPreference, type DeliveryOptionLabel, type CategoryWire, type NamedRef, type SubCategoryWire } from '@kade/shared';
import { STORAGE_KEYS } from '../lib/ui-constants';
import type { SellableProduct } from '../components/types';

export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string;
  role: string;
  status?: string;
  /** The shop's language kept on the account (issue 21), null until chosen. */
  language?: string | null;
}

/** A product as the cart holds it (the server's sellable view): a card's product with its shelves always known. */
export interface CartProduct extends SellableProduct {
  totalStock?: number;
  single_quantity: boolean;
  /** By id and English name at least (a card of the home page carries no more). */
  category: Array<Pick<NamedRef, '_id' | 'name'>>;
  subCategory: Array<Pick<NamedRef, '_id' | 'name'>>;
}

export interface CartLine {
  _id: string;
  productId: CartProduct;
  quantity: number;
  maxQuantity: number;
  problem: string | null;
  /** What the shopper wants if it runs short (issue 33); the server's lines always say, a phone's cart has none. */
  substitution?: SubstitutionPreference;
}

/** The signed-in shopper, or null. `loaded` is false until the first check of the stored session ends. */
export const userAtom = atom<SessionUser | null>(null);
export const sessionCheckedAtom = atom(false);

/** Categories and sub-categories, loaded once and shared by the home page, listings and menus. */
export const productsAtom = atom<{ categories: CategoryWire[]; subCategories: SubCategoryWire[] } | null>(null);

/** The shopper's cart lines: the server's cart, or for anonymous shoppers the one kept on the phone. */
export const cartAtom = atom<CartLine[]>([]);

/** A saved delivery address as the server answers it (wire names; see @kade/shared address.ts for meanings). */
export interface SavedAddress extends AddressWire {
  _id: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  status: boolean;
  createdAt: string;
}

/** The shopper's active addresses, or null until loaded. */
export const addressesAtom = atom<SavedAddress[] | null>(null);

/** Where the browser refuses session storage, choices live in memory (until a reload). */
const memory = new Map<string, string>();
const memoryStorage = {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => void memory.set(key, value),
  removeItem: (key: string) => void memory.delete(key),
};

/** The tab's session storage, or the memory stand-in. */
function tabStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    return window.sessionStorage;
  } catch {
    return memoryStorage;
  }
}

/** A checkout choice kept in the tab's session storage: a reload of a checkout step keeps it, a new tab starts afresh. */
function checkoutChoice<T extends string>(key: string, allowed: (value: string) => value is T) {
  const json = createJSONStorage<T | null>(tabStorage);
  // Whatever else is found under the key (an old format, a hand edit) counts as no choice.
  const storage = {
    ...json,
    getItem: (name: string, initial: T | null): T | null => {
      const value: unknown = json.getItem(name, initial);
      return typeof value === 'string' && allowed(value) ? value : null;
    },
  };
  return atomWithStorage<T | null>(key, null, storage, { getOnInit: true });
}

/** What the checkout's address step chose, carried to the payment step (an id no longer listed is dropped there). */
export const checkoutAddressIdAtom = checkoutChoice(STORAGE_KEYS.checkoutAddress, (id): id is string => id !== '');

/** The delivery option chosen on the payment step: one of the option labels. */
export const checkoutOptionAtom = checkoutChoice(STORAGE_KEYS.checkoutOption, (label): label is DeliveryOptionLabel => DELIVERY_OPTIONS.some((option) => option.label === label));

/** The shopper's orders: the count shown beside My Orders, and admins' pending count. */
export const ordersAtom = atom<{ count: number; pending: number | null }>({ count: 0, pending: null });

/** Whether the cart drawer is open. */
export const cartDrawerOpenAtom = atom(false);
