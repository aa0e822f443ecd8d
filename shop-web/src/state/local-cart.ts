// The cart of a shopper who is not logged in, kept on the phone (localStorage) and merged into the account
// at login (POST /api/cart/merge). Lines carry the product as it was shown, so the drawer can draw them.
import { DEFAULT_TOTAL_STOCK, maxQuantity, minQuantity } from '@kade/shared';
import { STORAGE_KEYS } from '../lib/ui-constants';
import type { CartLine, CartProduct } from './atoms';
import type { SellableProduct } from '../components/types';

/** Where the phone keeps the anonymous cart. Logout clears local storage, and with it this cart. */
export const LOCAL_CART_KEY = STORAGE_KEYS.anonymousCart;
const LOCAL_ID_PREFIX = 'local:';

interface StoredLine {
  product: CartProduct;
  quantity: number;
}

function read(): StoredLine[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(LOCAL_CART_KEY) ?? '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (line): line is StoredLine =>
        typeof line === 'object' && line !== null && typeof (line as StoredLine).product?._id === 'string' && Number.isInteger((line as StoredLine).quantity) && (line as StoredLine).quantity > 0,
    );
  } catch {
    return [];
  }
}

function write(lines: StoredLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(LOCAL_CART_KEY);
    else window.localStorage.setItem(LOCAL_CART_KEY, JSON.stringify(lines));
  } catch {
    // storage full or blocked: the cart lives for this page only
  }
}

function toCartLine(line: StoredLine): CartLine {
  return { _id: `${LOCAL_ID_PREFIX}${line.product._id}`, productId: line.product, quantity: line.quantity, maxQuantity: maxQuantity(line.product), problem: null };
}

/** True for a line of the phone's cart (not yet in an account). */
export const isLocalLine = (line: CartLine): boolean => line._id.startsWith(LOCAL_ID_PREFIX);

export const localCart = {
  /** The phone's cart as cart lines. */
  lines(): CartLine[] {
    return read().map(toCartLine);
  },
  /** Adds one of a product, or a weighed product's minimum (never above what may be had); answers the new lines. */
  add(product: SellableProduct): CartLine[] {
    const lines = read();
    const existing = lines.find((line) => line.product._id === product._id);
    const stored: CartProduct = {
      ...product,
      totalStock: product.totalStock ?? DEFAULT_TOTAL_STOCK,
      single_quantity: product.single_quantity ?? false,
      category: product.category ?? [],
      subCategory: product.subCategory ?? [],
    };
    // a product sold by weight starts at its minimum weight (its quantity counts steps, issue 34)
    if (existing) existing.quantity = Math.min(existing.quantity + 1, Math.max(1, maxQuantity(stored)));
    else lines.push({ product: stored, quantity: minQuantity(stored) });
    write(lines);
    return lines.map(toCartLine);
  },
  /** Sets a product's quantity; 0 removes it. */
  setQuantity(productId: string, quantity: number): CartLine[] {
    const lines = read()
      .map((line) => (line.product._id === productId ? { ...line, quantity: Math.min(quantity, Math.max(1, maxQuantity(line.product))) } : line))
      .filter((line) => line.quantity > 0 && !(line.product._id === productId && quantity <= 0));
    write(lines);
    return lines.map(toCartLine);
  },
  /** What POST /api/cart/merge takes. */
  mergeItems(): Array<{ productId: string; quantity: number }> {
    return read().map((line) => ({ productId: line.product._id, quantity: line.quantity }));
  },
  clear(): void {
    write([]);
  },
};
