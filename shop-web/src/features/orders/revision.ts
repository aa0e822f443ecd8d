// What packing changed on a shopper's order (issue 33), as the order card and the live prompt show it: per line
// what was ordered and what is sent, the substitutes kept, the proposals still waiting for the shopper's answer.
// The server decided all of it; this only reads the order it sent.
import { keepsSubstitute, keptSubstituteUnit, type OrderLineWire, type OrderWire, type ProposalWire } from '@kade/shared';

export interface RevisedLine {
  line: OrderLineWire;
  ordered: number;
  /** What is sent: the quantity found at packing, or all of it until the line is packed. */
  sent: number;
  /** Nothing of it is sent. */
  removed: boolean;
  /** Substitutes the order keeps for it (accepted, or taken without asking). */
  substitutes: ProposalWire[];
}

/** An order's lines with what packing made of them. */
export function revisedLines(order: Pick<OrderWire, 'products' | 'proposals'>): RevisedLine[] {
  const proposals = order.proposals ?? [];
  return order.products.map((line) => {
    const sent = line.found ?? line.quantity;
    return {
      line,
      ordered: line.quantity,
      sent,
      removed: sent === 0,
      // a HEAVIER proposal (issue 34) is about the line's own weight, never a substitute
      substitutes: proposals.filter(
        (proposal) => proposal.kind !== 'HEAVIER' && proposal.productId !== null && proposal.productId === line.productId && keepsSubstitute(proposal.status),
      ),
    };
  });
}

/** A kept substitute's unit price on the order (rupees). */
export const keptUnitPrice = (proposal: ProposalWire): number => keptSubstituteUnit(proposal.status, proposal.price, proposal.chargedPrice);

/**
 * A weighed line (issue 34) as the shopper's card shows it: the grams asked, the scale's grams once packed (null
 * before), and the line's amount in rupees as the server sent it (`lineTotal`: the receipt's figure); null for a
 * line sold by the unit.
 */
export function weighedLine(line: OrderLineWire): { askedGrams: number; weighedGrams: number | null; lineTotal: number | null } | null {
  if (line.sellBy !== 'WEIGHT' || line.grams == null) return null;
  return { askedGrams: line.grams, weighedGrams: line.weighedGrams ?? null, lineTotal: line.lineTotal ?? null };
}

/** Whether packing changed the order (its lines or its total), so the card shows Ordered → Sent. */
export const isRevised = (order: Pick<OrderWire, 'revision'>): boolean => (order.revision ?? 0) > 0;

/** A proposal waiting for the shopper, with the order and the line it belongs to. */
export interface WaitingProposal {
  order: OrderWire;
  proposal: ProposalWire;
  /** The ordered line it stands in for (null if the order no longer names it). */
  line: OrderLineWire | null;
}

/** The proposals still waiting for the shopper's answer at the server's moment `serverNowMs`, soonest to end first. */
export function waitingProposals(orders: Iterable<OrderWire>, serverNowMs: number): WaitingProposal[] {
  const waiting: WaitingProposal[] = [];
  for (const order of orders) {
    for (const proposal of order.proposals ?? []) {
      if (proposal.status !== 'PENDING' || !(Date.parse(proposal.expiresAt) > serverNowMs)) continue;
      waiting.push({ order, proposal, line: order.products.find((line) => line.productId !== null && line.productId === proposal.productId) ?? null });
    }
  }
  return waiting.sort((a, b) => Date.parse(a.proposal.expiresAt) - Date.parse(b.proposal.expiresAt) || a.proposal._id.localeCompare(b.proposal._id));
}

/**
 * The order to show when `incoming` (a read's answer, an event, an answer the shopper gave) meets the copy already
 * held: the incoming one unless the held one is newer by the server's `updatedAt`. A read sent before a change and
 * answered after that change's event would otherwise put the order back as it was (a proposal just made gone, so the
 * live prompt never asks). Equal times take the incoming copy.
 */
export function newestOrder(held: OrderWire | undefined, incoming: OrderWire): OrderWire {
  if (!held) return incoming;
  return Date.parse(held.updatedAt) > Date.parse(incoming.updatedAt) ? held : incoming;
}

/** A read's page of orders laid over the ones held: each order as the newest copy of it (newestOrder). */
export function newestOrders(held: readonly OrderWire[] | null | undefined, page: readonly OrderWire[]): OrderWire[] {
  if (!held || held.length === 0) return [...page];
  const byId = new Map(held.map((order) => [order._id, order]));
  return page.map((order) => newestOrder(byId.get(order._id), order));
}
