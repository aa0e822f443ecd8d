// The Pending page's extras (SPEC.md section 2, DESIGN.md section 10): the reload countdown, the users
// waiting for a password-reset code and today's summary panel. New orders ring app-wide (features/admin/ringer).
import { useEffect, useRef, useState } from 'react';
import { ORDER_LISTS, TEXT, formatRs, rupeesToPaise, type OrderListKey } from '@kade/shared';
import { PENDING_RELOAD_SECONDS } from '../../../lib/ui-constants';
import { adminOrdersApi } from './api/orders-api';
import { useFormatDateTime } from '../../../lib/shop-clock';

/**
 * Counts down from 30 s once a second; at 1 it calls `onReload` and starts again at 30. A fallback to the
 * live updates: paused, it stands still.
 */
export function useReloadCountdown(onReload: () => void, paused: boolean): number {
  const [seconds, setSeconds] = useState(PENDING_RELOAD_SECONDS);
  const current = useRef(PENDING_RELOAD_SECONDS);
  const reload = useRef(onReload);
  useEffect(() => {
    reload.current = onReload;
  });
  useEffect(() => {
    if (paused) return undefined;
    const timer = window.setInterval(() => {
      current.current = current.current <= 1 ? PENDING_RELOAD_SECONDS : current.current - 1;
      setSeconds(current.current);
      if (current.current === 1) reload.current();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [paused]);
  return seconds;
}

export function RefreshBar({ seconds, updatedAt, paused, onToggle }: { seconds: number; updatedAt: Date | null; paused: boolean; onToggle: () => void }) {
  const format = useFormatDateTime();
  return (
    <div className="refresh-bar">
      {/* paused, it says so instead of a count that stands still (issue 36) */}
      <span data-testid="countdown">{paused ? TEXT.autoRefreshPaused : TEXT.pageReloadsIn(seconds)}</span>
      <span>
        {TEXT.lastUpdated}: {updatedAt ? format(updatedAt) : '—'}
      </span>
      <button type="button" className="button button--ghost" aria-pressed={paused} onClick={onToggle}>
        {paused ? TEXT.resumeAutoRefresh : TEXT.pauseAutoRefresh}
      </button>
    </div>
  );
}

interface OtpUser {
  _id: string;
  name: string;
  mobile: string;
  forgot_password_otp: string;
}

/** Users with a live password-reset code, and the code (staff read it to them). A failed fetch stays silent. */
export function OtpUsers({ version }: { version: number }) {
  const [users, setUsers] = useState<OtpUser[]>([]);
  useEffect(() => {
    let live = true;
    adminOrdersApi.pendingCodes()
      .then((answer) => {
        if (live) setUsers(answer.data);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [version]);
  return (
    <section className="panel" aria-labelledby="otp-users">
      <h2 id="otp-users">{TEXT.allUsersTitle(users.length)}</h2>
      {users.length === 0 ? (
        <p className="empty">{TEXT.noUsersWithOtp}</p>
      ) : (
        <ul className="otp-users">
          {users.map((user) => (
            <li key={user._id}>
              <span>
                {user.name} ({user.mobile})
              </span>
              <strong className="otp-code">{user.forgot_password_otp}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface Summary {
  today: Record<OrderListKey, number>;
  todayTotal: number;
  cashToCollect: number;
  openCashOrders: number;
}

interface Counter {
  _id: string;
  name: string;
  online: boolean;
  printer: string;
}

/** 'Order Details & Additional Content': today's orders by status, cash to collect, counters and printers online. */
export function SummaryPanel({ version }: { version: number }) {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [counters, setCounters] = useState<Counter[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    Promise.all([adminOrdersApi.summary(), adminOrdersApi.counters()])
      .then(([s, c]) => {
        if (!live) return;
        setSummary(s.data);
        setCounters(c.data);
        setFailed(false);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [version]);
  const online = counters?.filter((c) => c.online) ?? [];
  const printers = online.filter((c) => c.printer === 'connected');
  return (
    <section className="panel" aria-labelledby="order-panel">
      <h2 id="order-panel">{TEXT.orderDetailsPanel}</h2>
      {failed && !summary ? <p className="empty">{TEXT.somethingWentWrong}</p> : null}
      {summary ? (
        <>
          <h3>Today ({summary.todayTotal} {summary.todayTotal === 1 ? 'order' : 'orders'})</h3>
          <ul className="summary-counts">
            {ORDER_LISTS.map((list) => (
              <li key={list.key}>
                <span>{list.title}</span> <strong data-testid={`today-${list.key}`}>{summary.today[list.key] ?? 0}</strong>
              </li>
            ))}
          </ul>
          <p>
            Cash to collect: <strong data-testid="cash-to-collect">{formatRs(rupeesToPaise(summary.cashToCollect))}</strong> ({summary.openCashOrders} open {summary.openCashOrders === 1 ? 'order' : 'orders'})
          </p>
          <p>
            Counters online: <strong>{online.length}</strong> of {counters?.length ?? 0} · Printers online: <strong>{printers.length}</strong>
          </p>
          {online.length > 0 ? (
            <ul className="summary-counters">
              {online.map((c) => (
                <li key={c._id}>
                  {c.name}: printer {c.printer}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
