// The five client slices of SPEC.md section 3 (user, products, cart, addresses, orders), as jotai atoms.
import { atom } from 'jotai';
import type { AddressWire, CategoryWire, NamedRef, SubCategoryWire } from '@kade/shared';
import type { SellableProduct } from '../components/types';

export interface SessionUser {
  _id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string;
  role: string;
  status?: string;
}

/** A product as the cart holds it (the server's sellable view): a card's product with its shelves always known. */
export interface CartProduct extends SellableProduct {
  totalStock?: number;
  single_quantity: boolean;
  category: NamedRef[];
  subCategory: NamedRef[];
}

export interface CartLine {
  _id: string;
  productId: CartProduct;
  quantity: number;
  maxQuantity: number;
  problem: string | null;
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

/** What the checkout's address step chose, carried to the payment step. */
export const checkoutAddressIdAtom = atom<string | null>(null);

/** The shopper's orders: the count shown beside My Orders, and admins' pending count. */
export const ordersAtom = atom<{ count: number; pending: number | null }>({ count: 0, pending: null });

/** Whether the cart drawer is open. */
export const cartDrawerOpenAtom = atom(false);
