// The live prompt (issue 33, item 4): wherever a signed-in shopper is in the shop, a substitute proposed for one of
// their orders is asked in a dialog, in their language, with a countdown by the server's clock. Its proposals come
// from `order:revised` (and `order:status`), from the shopper's own answers, and on load and after a reconnect from
// the first page of their orders. A lazy chunk, mounted once beside the routes by app/substitution-slot.tsx.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { SOCKET_EVENTS, type OrderWire } from '@kade/shared';
import { useSocketEvents } from '../../../lib/realtime';
import { serverNow } from '../../../lib/server-clock';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { answeredOrderAtom } from '../../../state/shopper-orders';
import { ordersApi } from '../api/orders-api';
import { newestOrder, waitingProposals, type WaitingProposal } from '../revision';
import { ProposalView } from './proposal';
import './proposal.css';

/** How many of the shopper's latest orders are read for waiting proposals (only orders being packed have any). */
const ORDERS_READ = 20;

function PromptDialog({ waiting, onClose }: { waiting: WaitingProposal; onClose: () => void }) {
  const dialog = useModalDialog();
  const { t } = useTranslation();
  const titleId = `proposal-title-${waiting.proposal._id}`;
  return (
    <dialog
      ref={dialog}
      className="proposal-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape is "Later": the proposal stays answerable on My Orders
        event.preventDefault();
        onClose();
      }}
    >
      <ProposalView
        waiting={waiting}
        titleId={titleId}
        onDone={onClose}
        autoFocus
        sayTimeUp
        extra={
          <button type="button" className="button button--light" onClick={onClose}>
            {t('orders.prompt.later')}
          </button>
        }
      />
    </dialog>
  );
}

/** The shopper an order belongs to (a staff member's events carry the shopper's name and number beside the id). */
const ownerOf = (order: OrderWire): string => (typeof order.userId === 'string' ? order.userId : order.userId._id);

/** `userId`: the signed-in user; only their own orders' proposals are asked (staff also hear everyone's orders). */
export default function SubstitutionPrompt({ userId }: { userId: string }) {
  const [orders, setOrders] = useState<ReadonlyMap<string, OrderWire>>(new Map());
  // proposals the shopper put off (Later), answered or saw run out here: not asked again on this page
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const answered = useAtomValue(answeredOrderAtom);

  const keep = useCallback(
    (order: OrderWire) => {
      if (ownerOf(order) === userId) setOrders((old) => new Map(old).set(order._id, newestOrder(old.get(order._id), order)));
    },
    [userId],
  );

  const load = useCallback(async () => {
    try {
      const answer = await ordersApi.myOrders(1, ORDERS_READ);
      setOrders((old) => {
        const next = new Map(old);
        // a read answered after a newer event keeps the event's copy
        for (const order of answer.data) if (ownerOf(order) === userId) next.set(order._id, newestOrder(old.get(order._id), order));
        return next;
      });
    } catch {
      // no list now (offline): the events still bring proposals
    }
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (answered) keep(answered);
  }, [answered, keep]);

  useSocketEvents(
    {
      [SOCKET_EVENTS.orderRevised]: ({ order }) => keep(order),
      [SOCKET_EVENTS.orderStatus]: ({ order }) => keep(order),
    },
    () => void load(),
  );

  const waiting = useMemo(() => waitingProposals(orders.values(), serverNow()).filter((each) => !closed.has(each.proposal._id)), [closed, orders]);
  const current = waiting[0];
  if (!current) return null;
  const close = () => setClosed((old) => new Set(old).add(current.proposal._id));
  return <PromptDialog key={current.proposal._id} waiting={current} onClose={close} />;
}
