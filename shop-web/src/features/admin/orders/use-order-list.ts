// One admin order list (pending, processing, …): the total, the cards 10 at a time, and the live changes.
import { useCallback, useEffect, useRef, useState } from 'react';
import { ORDER_LIST_PAGE_SIZE, normalizeStatus, statusLabel, type OrderList, type OrderWire } from '@kade/shared';
import { adminOrdersApi } from './api/orders-api';
import { showError } from '../../../lib/show-error';

export interface ListState {
  orders: OrderWire[];
  total: number;
  /** Pages loaded so far. */
  pages: number;
  hasMore: boolean;
  phase: 'loading' | 'ready' | 'error';
  /** Orders that left this list since it was loaded (so one departure is counted once). */
  left: string[];
}

const EMPTY: ListState = { orders: [], total: 0, pages: 0, hasMore: false, phase: 'loading', left: [] };

/** True when the order's current status belongs to this list ('' counts as Pending). */
export function belongsTo(list: OrderList, order: OrderWire): boolean {
  try {
    return list.statuses.includes(normalizeStatus(order.order_status));
  } catch {
    return list.key === 'pending' && statusLabel(order.order_status) === 'Pending';
  }
}

/**
 * The list after an order was placed or changed: its card replaced when it stays, removed when it left
 * (the total one less), added on top when it arrived; when it left from a page not loaded yet, only the
 * total changes.
 */
export function applyChange<S extends Pick<ListState, 'orders' | 'total' | 'left'>>(state: S, list: OrderList, order: OrderWire, from?: string): S {
  const index = state.orders.findIndex((o) => o._id === order._id);
  const inList = belongsTo(list, order);
  if (index >= 0 && inList) return { ...state, orders: state.orders.map((o, i) => (i === index ? order : o)) };
  if (index >= 0) {
    return { ...state, orders: state.orders.filter((_, i) => i !== index), total: Math.max(0, state.total - 1), left: [...state.left.slice(-49), order._id] };
  }
  if (inList) return { ...state, orders: [order, ...state.orders], total: state.total + 1, left: state.left.filter((id) => id !== order._id) };
  // Already counted out (this admin's own answer came first, then the live event): nothing more to do.
  if (state.left.includes(order._id)) return state;
  const wasHere = from !== undefined && (list.statuses as readonly string[]).includes(from);
  return wasHere ? { ...state, total: Math.max(0, state.total - 1), left: [...state.left.slice(-49), order._id] } : state;
}

export interface OrderListView extends ListState {
  updatedAt: Date | null;
  loadingMore: boolean;
  reload: () => Promise<void>;
  loadMore: () => void;
  /** An order placed or changed (by a live event, or by this admin): insert, replace or remove its card. */
  apply: (order: OrderWire, from?: string) => void;
}

export function useOrderList(list: OrderList, search: string): OrderListView {
  const [state, setState] = useState<ListState>(EMPTY);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);
  const pagesRef = useRef(0);
  pagesRef.current = state.pages;

  const fetchPage = useCallback(
    (page: number) => {
      return adminOrdersApi.list({ list: list.key, page, limit: ORDER_LIST_PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) });
    },
    [list.key, search],
  );

  /** Loads again every page shown so far (at least the first), so a reload never shortens the list. */
  const reload = useCallback(async () => {
    const current = ++generation.current;
    const pages = Math.max(1, pagesRef.current);
    try {
      const answers = [];
      for (let page = 1; page <= pages; page += 1) answers.push(await fetchPage(page));
      if (current !== generation.current) return;
      const last = answers[answers.length - 1]!;
      const seen = new Set<string>();
      const orders = answers.flatMap((a) => a.data).filter((o) => (seen.has(o._id) ? false : (seen.add(o._id), true)));
      setState({ orders, total: last.totalCount, pages, hasMore: pages < last.totalPage, phase: 'ready', left: [] });
      setUpdatedAt(new Date());
    } catch (error) {
      if (current !== generation.current) return;
      setState((s) => ({ ...s, phase: s.phase === 'ready' ? 'ready' : 'error' }));
      showError(error);
    }
  }, [fetchPage]);

  // A new list or search starts from its first page.
  useEffect(() => {
    pagesRef.current = 0;
    setState(EMPTY);
    void reload();
  }, [reload]);

  const loadMore = useCallback(() => {
    if (loadingMore || !state.hasMore) return;
    const current = generation.current;
    const next = state.pages + 1;
    setLoadingMore(true);
    fetchPage(next)
      .then((answer) => {
        if (current !== generation.current) return;
        setState((s) => {
          const known = new Set(s.orders.map((o) => o._id));
          return { ...s, orders: [...s.orders, ...answer.data.filter((o) => !known.has(o._id))], total: answer.totalCount, pages: next, hasMore: next < answer.totalPage };
        });
      })
      .catch(showError)
      .finally(() => setLoadingMore(false));
  }, [fetchPage, loadingMore, state.hasMore, state.pages]);

  const apply = useCallback(
    (order: OrderWire, from?: string) => {
      // A search narrows the list on the server: ask it again rather than guess whether the order matches.
      if (search.trim()) {
        void reload();
        return;
      }
      setState((s) => applyChange(s, list, order, from));
      setUpdatedAt(new Date());
    },
    [list, reload, search],
  );

  return { ...state, updatedAt, loadingMore, reload, loadMore, apply };
}
