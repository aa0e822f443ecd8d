import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { startsAtTop } from './scroll-to-top';

/** Mounted once inside the router: puts each page reached forward at its top (`startsAtTop`). */
export function PageTop() {
  const { pathname, state } = useLocation();
  const type = useNavigationType();
  const overPage = Boolean((state as { background?: unknown } | null)?.background);
  const last = useRef<string | null>(null);
  useLayoutEffect(() => {
    const from = last.current;
    // under a sheet the page shown is still the one it was opened on
    if (!overPage) last.current = pathname;
    if (startsAtTop({ type, from, to: pathname, overPage })) window.scrollTo(0, 0);
  }, [overPage, pathname, type]);
  return null;
}
