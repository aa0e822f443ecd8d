// A signed-in shopper's cart with no network (issue 37 item 5). Two things are kept on the phone (localStorage):
// - the last cart read from the server with its shopper (`keptCart`), so the cart still shows offline, also after
//   the app is opened again with no network;
// - the changes made offline (`cartEdits`): the cart as the shopper left it and the cart it started from (`base`).
// When the network is back the changes are sent as differences (what the shopper added or took away since `base`)
// onto the server's cart as it is then, so a change made meanwhile elsewhere (another phone) is kept too; a change
// made while they are being sent goes into the kept changes and is sent in the next round. Lines added offline
// reach the account through POST /api/cart/merge, as the phone's cart of an anonymous shopper does at login.
import { DEFAULT_TOTAL_STOCK, maxQuantity, minQuantity } from '@kade/shared';
import type { SellableProduct } from '../components/types';
import type { CartLine, CartProduct, SavedAddress, SessionUser } from './atoms';

export const KEPT_CART_KEY = 'kadeKeptCart';
export const KEPT_ADDRESSES_KEY = 'kadeKeptAddresses';
export const CART_EDITS_KEY = 'kadeCartEdits';
const OFFLINE_ID_PREFIX = 'offline:';

interface KeptCart {
  user: SessionUser;
  lines: CartLine[];
}

interface CartEdits {
  userId: string;
  /** Each product's quantity in the cart the changes started from. */
  base: Record<string, number>;
  /** The cart as the shopper left it. */
  lines: CartLine[];
  /** Counts the changes, so a round of sending knows whether another came meanwhile. */
  version: number;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function readJson<T>(key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(key) ?? 'null') as unknown;
    return valid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked: the offline cart lives for this page only
  }
}

const isLines = (value: unknown): value is CartLine[] =>
  Array.isArray(value) && value.every((line) => typeof (line as CartLine)?._id === 'string' && typeof (line as CartLine).productId?._id === 'string' && Number.isInteger((line as CartLine).quantity));

const isKept = (value: unknown): value is KeptCart => typeof (value as KeptCart)?.user?._id === 'string' && isLines((value as KeptCart).lines);

const isEdits = (value: unknown): value is CartEdits =>
  typeof (value as CartEdits)?.userId === 'string' && typeof (value as CartEdits).base === 'object' && (value as CartEdits).base !== null && isLines((value as CartEdits).lines) && Number.isInteger((value as CartEdits).version);

/** Each product's quantity in these lines. */
export function quantities(lines: readonly CartLine[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines) out[line.productId._id] = (out[line.productId._id] ?? 0) + line.quantity;
  return out;
}

/** True for a line added offline (not yet in the account's cart). */
export const isOfflineLine = (line: CartLine): boolean => line._id.startsWith(OFFLINE_ID_PREFIX);

/** The last cart read for a signed-in shopper, kept for showing it offline. */
export const keptCart = {
  read(): KeptCart | null {
    return readJson(KEPT_CART_KEY, isKept);
  },
  save(user: SessionUser, lines: readonly CartLine[]): void {
    writeJson(KEPT_CART_KEY, { user, lines });
  },
  clear(): void {
    writeJson(KEPT_CART_KEY, null);
  },
};

/** The shopper's addresses as last read, so checkout can still be filled in offline (the order then waits in the outbox). */
export const keptAddresses = {
  read(userId: string): SavedAddress[] | null {
    const kept = readJson(KEPT_ADDRESSES_KEY, (value): value is { userId: string; list: SavedAddress[] } => typeof (value as { userId?: unknown })?.userId === 'string' && Array.isArray((value as { list?: unknown }).list));
    return kept && kept.userId === userId ? kept.list : null;
  },
  save(userId: string, list: readonly SavedAddress[]): void {
    writeJson(KEPT_ADDRESSES_KEY, { userId, list });
  },
};

function asCartProduct(product: SellableProduct): CartProduct {
  return {
    ...product,
    totalStock: product.totalStock ?? DEFAULT_TOTAL_STOCK,
    single_quantity: product.single_quantity ?? false,
    category: product.category ?? [],
    subCategory: product.subCategory ?? [],
  };
}

/** The changes a signed-in shopper made offline. */
export const cartEdits = {
  read(userId: string): CartEdits | null {
    const edits = readJson(CART_EDITS_KEY, isEdits);
    return edits && edits.userId === userId ? edits : null;
  },
  /** Whether changes wait to be sent for this shopper (then every change goes here, in order, until they are sent). */
  waiting(userId: string): boolean {
    return cartEdits.read(userId) !== null;
  },
  /** Applies a change to the cart as shown (`shown`, which is the base when no changes wait yet); answers the new lines. */
  change(userId: string, shown: readonly CartLine[], apply: (lines: CartLine[]) => CartLine[]): CartLine[] {
    const edits = cartEdits.read(userId) ?? { userId, base: quantities(shown), lines: [...shown], version: 0 };
    const lines = apply(edits.lines.map((line) => ({ ...line })));
    writeJson(CART_EDITS_KEY, { ...edits, lines, version: edits.version + 1 });
    return lines;
  },
  add(userId: string, shown: readonly CartLine[], product: SellableProduct): CartLine[] {
    return cartEdits.change(userId, shown, (lines) => {
      const existing = lines.find((line) => line.productId._id === product._id);
      if (existing) {
        existing.quantity = Math.min(existing.quantity + 1, Math.max(1, existing.maxQuantity));
        return lines;
      }
      const stored = asCartProduct(product);
      return [...lines, { _id: `${OFFLINE_ID_PREFIX}${product._id}`, productId: stored, quantity: minQuantity(stored), maxQuantity: maxQuantity(stored), problem: null }];
    });
  },
  setQuantity(userId: string, shown: readonly CartLine[], productId: string, quantity: number): CartLine[] {
    return cartEdits.change(userId, shown, (lines) =>
      lines
        .map((line) => (line.productId._id === productId ? { ...line, quantity: Math.min(quantity, Math.max(1, line.maxQuantity)) } : line))
        .filter((line) => !(line.productId._id === productId && quantity <= 0)),
    );
  },
  /** One product's change reached the server (or was refused there): from now on it counts from `quantity`. */
  settled(userId: string, productId: string, quantity: number): void {
    const now = cartEdits.read(userId);
    if (now) writeJson(CART_EDITS_KEY, { ...now, base: { ...now.base, [productId]: quantity } });
  },
  /** After a round of sending (each change settled): done when no change came meanwhile, else another round. */
  sent(userId: string, round: CartEdits): 'done' | 'more' {
    const now = cartEdits.read(userId);
    if (!now || now.version === round.version) {
      writeJson(CART_EDITS_KEY, null);
      return 'done';
    }
    return 'more';
  },
  clear(): void {
    writeJson(CART_EDITS_KEY, null);
  },
};

export type CartOp =
  | { kind: 'set'; itemId: string; productId: string; qty: number }
  | { kind: 'remove'; itemId: string; productId: string }
  | { kind: 'merge'; productId: string; quantity: number };

/**
 * What to send so the server's cart gets the shopper's offline changes: for each product, what the shopper added or
 * took away since `base`, applied to the server's quantity now (never below nothing).
 */
export function cartOps(base: Record<string, number>, wanted: Record<string, number>, server: readonly CartLine[]): CartOp[] {
  const ops: CartOp[] = [];
  const ids = new Set([...Object.keys(base), ...Object.keys(wanted)]);
  for (const productId of [...ids].sort()) {
    const delta = (wanted[productId] ?? 0) - (base[productId] ?? 0);
    if (delta === 0) continue;
    const line = server.find((each) => each.productId._id === productId);
    const target = (line?.quantity ?? 0) + delta;
    if (line && target <= 0) ops.push({ kind: 'remove', itemId: line._id, productId });
    else if (line) ops.push({ kind: 'set', itemId: line._id, productId, qty: target });
    else if (target > 0) ops.push({ kind: 'merge', productId, quantity: target });
  }
  return ops;
}
