// Where the live substitution prompt lives (issue 33): once for the whole app, outside the routes, so a proposal
// is asked on whatever page the shopper has open. Only for a signed-in user (proposals belong to their orders); the
// prompt is a lazy chunk, loaded after the first screen.
import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { userAtom } from '../state/atoms';

const SubstitutionPrompt = lazy(() => import('../features/orders/components/substitution-prompt'));

export function SubstitutionSlot() {
  const user = useAtomValue(userAtom);
  if (!user) return null;
  // a new sign-in starts afresh (its own orders, its own socket subscription)
  return (
    <Suspense fallback={null}>
      <SubstitutionPrompt key={user._id} userId={user._id} />
    </Suspense>
  );
}
