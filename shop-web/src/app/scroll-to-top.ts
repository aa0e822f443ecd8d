// Pages open at their top (issue 36): a link, a redirect or a button that goes to another page starts it at the top,
// not where the last page was scrolled to (Order again opened the cart 590 px down; saving an address hid the
// checkout's heading). Back and forward leave the page where the browser puts it, and a product sheet opened over a
// page leaves that page where it was.

/** How the address changed: react-router's navigation type, the page left and the page now shown. */
export interface PageMove {
  type: 'POP' | 'PUSH' | 'REPLACE';
  /** The path shown before (null on the first page), and now. */
  from: string | null;
  to: string;
  /** The new address is a sheet over the page it was opened on (`state.background`). */
  overPage: boolean;
}

/** Whether a change of address starts the page at its top: another page, reached forward, not under a sheet. */
export function startsAtTop(move: PageMove): boolean {
  if (move.type === 'POP' || move.overPage) return false;
  // the first page is where the browser opened it; the same page with another query or hash stays where it is
  return move.from !== null && move.from !== move.to;
}
