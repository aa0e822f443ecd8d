import { useCallback } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { TEXT } from '@kade/shared';
import { api } from '../lib/api-client';
import { showError } from '../lib/show-error';
import { cartAtom, userAtom, type CartLine } from './atoms';

export interface CartActions {
  /** The cart line holding this product, if any. */
  lineFor(productId: string): CartLine | undefined;
  add(productId: string): Promise<void>;
  /** Sets a line's quantity; 0 removes it. */
  setQuantity(line: CartLine, qty: number): Promise<void>;
  remove(line: CartLine): Promise<void>;
}

/** Cart changes through the API, with the toasts of SPEC.md section 8; anonymous shoppers are sent to /login. */
export function useCartActions(): CartActions {
  const [cart, setCart] = useAtom(cartAtom);
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();

  const reload = useCallback(async () => {
    const answer = await api<CartLine[]>('GET', '/api/cart/get');
    setCart(answer.data);
  }, [setCart]);

  const lineFor = useCallback((productId: string) => cart.find((line) => line.productId._id === productId), [cart]);

  const add = useCallback(
    async (productId: string) => {
      if (!user) {
        toast.error(TEXT.pleaseLogin);
        navigate('/login');
        return;
      }
      try {
        await api('POST', '/api/cart/create', { productId });
        await reload();
        toast.success(TEXT.itemAdded);
      } catch (error) {
        showError(error);
      }
    },
    [navigate, reload, user],
  );

  const remove = useCallback(
    async (line: CartLine) => {
      try {
        await api('DELETE', '/api/cart/delete-cart-item', { _id: line._id });
        setCart((lines) => lines.filter((other) => other._id !== line._id));
        toast.success(TEXT.itemRemoved);
      } catch (error) {
        showError(error);
      }
    },
    [setCart],
  );

  const setQuantity = useCallback(
    async (line: CartLine, qty: number) => {
      if (qty <= 0) return remove(line);
      try {
        await api('PUT', '/api/cart/update-qty', { _id: line._id, qty });
        await reload();
      } catch (error) {
        showError(error);
      }
    },
    [reload, remove],
  );

  return { lineFor, add, setQuantity, remove };
}
