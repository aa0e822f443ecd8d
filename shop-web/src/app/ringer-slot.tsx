// Where the new-order ringer lives: once for the whole app, outside the routes, so it rings on whatever page is
// open (the shop's pages included). Only for people who may take orders (staff and admins); the ringer itself is a
// lazy chunk, so a shopper's browser never downloads it.
import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../state/atoms';
import { useCan } from '../state/use-can';

const OrderRinger = lazy(() => import('../features/admin/ringer/order-ringer'));

export function RingerSlot() {
  const user = useAtomValue(userAtom);
  const canTake = useCan('orders.take');
  if (!user || !canTake) return null;
  // A new sign-in starts a new ringer (its own set, its own socket subscription).
  return (
    <Suspense fallback={null}>
      <OrderRinger key={user._id} />
    </Suspense>
  );
}
