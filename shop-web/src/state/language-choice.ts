// Choosing the shop's language (issue 21): the switch keeps it on the phone (chosenLanguageAtom) and, for a
// signed-in shopper, on the account, so another phone speaks it after sign-in. At sign-in a phone that has
// not chosen takes the account's language; a phone that has chosen keeps its own and gives it to an account
// that has none.
import { useCallback } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { ENDPOINTS, isLanguage, type Language } from '@kade/shared';
import { call } from '../lib/api-client';
import { userAtom, type SessionUser } from './atoms';
import { chosenLanguageAtom } from './language';

async function saveOnAccount(language: Language): Promise<void> {
  try {
    await call(ENDPOINTS.account.update, { body: { language } });
  } catch {
    // the phone keeps the choice; the account catches up at the next choice
  }
}

/** Sets the shop's language on this phone and, when someone is signed in, on their account. */
export function useChooseLanguage(): (language: Language) => void {
  const setChosen = useSetAtom(chosenLanguageAtom);
  const user = useAtomValue(userAtom);
  return useCallback(
    (language: Language) => {
      setChosen(language);
      if (user && user.language !== language) void saveOnAccount(language);
    },
    [setChosen, user],
  );
}

/** At sign-in: the account's language when the phone has none chosen; the phone's to an account without one. */
export function useAdoptAccountLanguage(): (user: SessionUser) => void {
  const store = useStore();
  return useCallback(
    (user: SessionUser) => {
      const chosen = store.get(chosenLanguageAtom);
      if (chosen === null && isLanguage(user.language)) store.set(chosenLanguageAtom, user.language);
      else if (chosen !== null && user.language == null) void saveOnAccount(chosen);
    },
    [store],
  );
}
