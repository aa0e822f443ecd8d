// The shopper's orders as the last answer or event told them (issue 33): the live prompt and My Orders both answer
// substitution proposals, and each shows the order the other's answer brought back.
import { atom } from 'jotai';
import type { OrderWire } from '@kade/shared';

/** The latest order the shopper's own answer brought back (null until one). */
export const answeredOrderAtom = atom<OrderWire | null>(null);
