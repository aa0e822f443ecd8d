import { describe, expect, it } from 'vitest';
import { startsAtTop, type PageMove } from './scroll-to-top';

const move = (over: Partial<PageMove>): PageMove => ({ type: 'PUSH', from: '/dashboard/myorders', to: '/cart', overPage: false, ...over });

describe('which page changes start at the top', () => {
  it.each([
    ['a link to another page (Order again → the cart)', move({}), true],
    ['a redirect that replaces the address (saved address → the payment step)', move({ type: 'REPLACE', from: '/checkout/address', to: '/checkout/payment' }), true],
    ['back or forward: where the browser puts it', move({ type: 'POP' }), false],
    ['a product sheet over the page it was opened on', move({ from: '/', to: '/product/milk-1', overPage: true }), false],
    ['the same page with another query (a search typed on)', move({ from: '/search', to: '/search' }), false],
    ['the first page opened', move({ from: null, to: '/cart' }), false],
  ])('%s', (_, change, top) => {
    expect(startsAtTop(change)).toBe(top);
  });
});
