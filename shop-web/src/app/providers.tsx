import { useEffect, useState, type ReactNode } from 'react';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { Toaster } from 'react-hot-toast';
import { type ShopConfigWire } from '@kade/shared';
import { TOAST } from '../lib/ui-constants';
import { ToastLimit } from '../lib/toast-limit';
import { TOAST_TOP_VARIABLE } from '../lib/use-toast-clearance';
import { ShopConfigContext } from '../lib/shop-config';
import { useLoadSession } from '../state/session';
import { productsAtom } from '../state/atoms';
import { takeBootLists } from '../state/catalogue-data';

function SessionLoader() {
  const load = useLoadSession();
  useEffect(() => {
    void load();
  }, [load]);
  return null;
}

/** The app's jotai store, holding the category lists the page came with (none: they are fetched as before). */
export function appStore(): ReturnType<typeof createStore> {
  const store = createStore();
  const lists = takeBootLists();
  if (lists) store.set(productsAtom, lists);
  return store;
}

/**
 * The app's providers: jotai, the shop's run-time config, the session and the toaster (at most TOAST.limit toasts,
 * kept by ToastLimit, with SPEC.md section 4's durations and 350 px at most).
 */
export function Providers({ config, children }: { config: ShopConfigWire; children: ReactNode }) {
  // the store starts with what the page came with, so the first screen draws once with it
  const [store] = useState(appStore);
  return (
    <JotaiProvider store={store}>
      <ShopConfigContext value={config}>
        <SessionLoader />
        {children}
        <Toaster
          position="top-center"
          // below the sticky header, never over its buttons (the header sets the variable: use-toast-clearance.ts)
          containerStyle={{ top: `var(${TOAST_TOP_VARIABLE}, 16px)` }}
          toastOptions={{
            duration: TOAST.durationMs.blank,
            style: { maxWidth: `${TOAST.maxWidthPx}px` },
            success: { duration: TOAST.durationMs.success },
            error: { duration: TOAST.durationMs.error },
            loading: { duration: TOAST.durationMs.loading },
            custom: { duration: TOAST.durationMs.custom },
          }}
        />
        <ToastLimit />
      </ShopConfigContext>
    </JotaiProvider>
  );
}
