// /dashboard/report: the day's report for staff and admins. A day in the shop's zone (today by default, kept in
// the address as ?day=), its figures as tables, a chart of orders per hour (Chart.js, loaded only here), the CSV
// download, and inside the counter app 'Print day summary' on the thermal printer. A hand-in recorded or voided on
// another screen (`cash:hand-in` for this day, or a void of an earlier day's), and an order delivered or moved that changes the day (`order:status`, as a
// rider or staff deliver it with its cash, or a rider brings it back), or packed (`order:revised`), read the report again, quietly and at most
// once a second, so every open report shows the same cash.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { formatRs, formatReportDay, hourLabel, isCalendarDay, localDay, REPORT_PERCENTILE, REPORT_TOP_ITEMS, REPORT_TOP_SHORT, rupeesToPaise, SOCKET_EVENTS, type DayReport, type RiderCashRow } from '@kade/shared';
import { Loading } from '../../../components/loading';
import { useSocketEvents } from '../../../lib/realtime';
import { useShopConfig } from '../../../lib/shop-config';
import { showError } from '../../../lib/show-error';
import { useCan } from '../../../state/use-can';
import { COUNTER_PRINT_TEXT, counterBridge } from '../print/bridge';
import { downloadDayReportCsv, fetchDayReport } from './api/report-api';
import type { HoursChart } from './hours-chart';
import { RiderCash } from './rider-cash';
import { changesReport, coalesce, handInChangesReport } from './live-report';
import '../print/controls.css';
import './report.css';

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; report: DayReport };

const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));
const minutes = (value: number | null) => (value === null ? '–' : `${value} min`);
/** The least time between two live re-reads of the report. */
const REFRESH_GAP_MS = 1000;

/** The chart's words for people who cannot see it: the hours that had orders. */
function hoursText(counts: readonly number[]): string {
  const busy = counts.flatMap((count, hour) => (count > 0 ? [`${count} from ${hourLabel(hour).replace('-', ' to ')}`] : []));
  return busy.length === 0 ? 'Orders per hour: none.' : `Orders per hour: ${busy.join('; ')}.`;
}

function OrdersPerHourChart({ counts }: { counts: readonly number[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<HoursChart | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    if (chart.current) {
      chart.current.update(counts);
      return;
    }
    import('./hours-chart')
      .then(({ drawHoursChart }) => {
        if (cancelled || !canvas.current) return;
        const style = getComputedStyle(document.documentElement);
        chart.current = drawHoursChart(canvas.current, counts, { bar: style.getPropertyValue('--brand').trim() || '#0f7a3d', ink: style.getPropertyValue('--ink').trim() || '#1b1f1d', grid: '#d9e0dc' });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [counts]);

  useEffect(() => () => chart.current?.destroy(), []);

  const text = hoursText(counts);
  return (
    <div className="report-chart">
      <canvas ref={canvas} role="img" aria-label={text} data-testid="hours-chart">
        {text}
      </canvas>
      {failed ? <p className="report-chart__failed">{text}</p> : null}
    </div>
  );
}

/** A table that scrolls sideways on a narrow phone, reachable by keyboard. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="report-table" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * Problems, store credit and promo codes of the day (issue 35): reports made and decided, credit issued, spent and
 * expired, what the store owes in credit at the day's end (its liability), promo discounts, and cash refunds still
 * to pay back. In the reader's language (report.credit.*).
 */
function Credit({ report }: { report: DayReport }) {
  const { t } = useTranslation();
  const credit = report.credit;
  if (!credit) return null; // a server from before issue 35
  const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));
  const tiles: Array<[label: string, value: string | number, note?: string]> = [
    [t('report.credit.problems'), credit.problemsReported, t('report.credit.decided', { approved: credit.problemsApproved, declined: credit.problemsDeclined })],
    [t('report.credit.issued'), rs(credit.creditIssued)],
    [t('report.credit.redeemed'), rs(credit.creditRedeemed)],
    [t('report.credit.expired'), rs(credit.creditExpired)],
    [t('report.credit.outstanding'), rs(credit.creditOutstanding), t('report.credit.outstandingNote')],
    [t('report.credit.promo'), rs(credit.promoDiscounts), t('report.credit.promoNote', { count: credit.promoOrders })],
    [t('report.credit.cashDue'), rs(credit.cashRefundsDue), t('report.credit.cashDueNote', { count: credit.cashRefundsDueCount })],
  ];
  return (
    <section className="report-section" aria-labelledby="report-credit" data-testid="report-credit">
      <h2 id="report-credit">{t('report.credit.title')}</h2>
      <dl className="report-tiles">
        {tiles.map(([label, value, note]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
            {note ? <dd className="report-tiles__expected">{note}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Packing of the day's orders (issue 33): the fill rate (lines found / lines ordered over the packed orders),
 * substitutes accepted (kept without asking included), declined and expired, and the products most often short.
 * In the reader's language (report.packing.* in the three catalogues).
 */
function Packing({ report }: { report: DayReport }) {
  const { t } = useTranslation();
  const packing = report.packing;
  if (!packing) return null; // a server from before packing
  return (
    <section className="report-section" aria-labelledby="report-packing" data-testid="report-packing">
      <h2 id="report-packing">{t('report.packing.title')}</h2>
      {packing.packedOrders === 0 ? (
        <p className="report-none">{t('report.packing.none')}</p>
      ) : (
        <>
          <dl className="report-tiles">
            <div>
              <dt>{t('report.packing.fillRate')}</dt>
              <dd>{packing.fillRate === null ? '–' : `${packing.fillRate}%`}</dd>
              <dd className="report-tiles__expected">{t('report.packing.lines', { found: packing.linesFound, ordered: packing.linesOrdered, orders: packing.packedOrders })}</dd>
            </div>
            <div>
              <dt>{t('report.packing.accepted')}</dt>
              <dd>{packing.substitutions.accepted}</dd>
              <dd className="report-tiles__expected">{t('report.packing.acceptedNote')}</dd>
            </div>
            <div>
              <dt>{t('report.packing.declined')}</dt>
              <dd>{packing.substitutions.declined}</dd>
            </div>
            <div>
              <dt>{t('report.packing.expired')}</dt>
              <dd>{packing.substitutions.expired}</dd>
            </div>
          </dl>
          <h3 id="report-short">{t('report.packing.shortTitle', { count: REPORT_TOP_SHORT })}</h3>
          {packing.shortProducts.length === 0 ? (
            <p className="report-none">{t('report.packing.noneShort')}</p>
          ) : (
            <Scroll label={t('report.packing.shortTitle', { count: REPORT_TOP_SHORT })}>
              <table aria-labelledby="report-short">
                <thead>
                  <tr>
                    <th scope="col">{t('report.packing.product')}</th>
                    <th scope="col" className="num">{t('report.packing.timesShort')}</th>
                  </tr>
                </thead>
                <tbody>
                  {packing.shortProducts.map((row, index) => (
                    <tr key={index}>
                      <th scope="row">{row.name}</th>
                      <td className="num">{row.timesShort}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
          )}
        </>
      )}
    </section>
  );
}

function Figures({ report }: { report: DayReport }) {
  return (
    <>
      <dl className="report-tiles">
        <div>
          <dt>Orders</dt>
          <dd>{report.totalOrders}</dd>
        </div>
        <div className={report.cashCollected !== report.cashExpected ? 'report-tiles__cash report-tiles__cash--differs' : 'report-tiles__cash'}>
          <dt>Cash collected ({report.deliveredOrders} delivered)</dt>
          <dd>{rs(report.cashCollected)}</dd>
          <dd className="report-tiles__expected">Expected {rs(report.cashExpected)}</dd>
        </div>
        <div>
          <dt>Value cancelled ({report.cancelledOrders})</dt>
          <dd>{rs(report.valueCancelled)}</dd>
        </div>
        <div>
          <dt>Missed promises</dt>
          <dd>{report.missedPromises.length}</dd>
        </div>
      </dl>

      <section className="report-section" aria-labelledby="report-hours">
        <h2 id="report-hours">Orders per hour</h2>
        <OrdersPerHourChart counts={report.ordersPerHour} />
      </section>

      {/* not a named region itself: its table's scroller is the region of that name (two would be one landmark twice) */}
      <section className="report-section">
        <h2 id="report-status">Orders by status</h2>
        <Scroll label="Orders by status">
          <table>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col" className="num">Orders</th>
              </tr>
            </thead>
            <tbody>
              {report.byStatus.map((row) => (
                <tr key={row.status}>
                  <th scope="row">{row.status}</th>
                  <td className="num">{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </section>

      <section className="report-section" aria-labelledby="report-items">
        <h2 id="report-items">Items sold (top {REPORT_TOP_ITEMS})</h2>
        {report.items.length === 0 ? (
          <p className="report-none">No items sold.</p>
        ) : (
          <Scroll label="Items sold">
            <table>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Unit</th>
                  <th scope="col" className="num">Quantity</th>
                  <th scope="col" className="num">Kilos</th>
                  <th scope="col" className="num">Amount</th>
                </tr>
              </thead>
              <tbody>
                {report.items.map((item) => (
                  <tr key={`${item.name}\u0000${item.unit}`}>
                    <th scope="row">{item.name}</th>
                    <td>{item.unit}</td>
                    <td className="num">{item.quantity}</td>
                    <td className="num">{(item.kilos ?? 0) > 0 ? `${(item.kilos ?? 0).toFixed(3)} kg` : '—'}</td>
                    <td className="num">{rs(item.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </section>

      <Packing report={report} />
      <Credit report={report} />

      <section className="report-section" aria-labelledby="report-times">
        <h2 id="report-times">Delivery times (placed to delivered)</h2>
        <Scroll label="Delivery times">
          <table>
            <thead>
              <tr>
                <th scope="col">Delivery option</th>
                <th scope="col" className="num">Promise</th>
                <th scope="col" className="num">Delivered</th>
                <th scope="col" className="num">Average</th>
                <th scope="col" className="num">p{REPORT_PERCENTILE}</th>
                <th scope="col" className="num">Missed</th>
              </tr>
            </thead>
            <tbody>
              {report.deliveryTimes.map((row) => (
                <tr key={row.option}>
                  <th scope="row">{row.option}</th>
                  <td className="num">{minutes(row.promiseMinutes)}</td>
                  <td className="num">{row.delivered}</td>
                  <td className="num">{minutes(row.averageMinutes)}</td>
                  <td className="num">{minutes(row.p90Minutes)}</td>
                  <td className="num">{row.missed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      </section>

      <section className="report-section">
        <h2 id="report-missed">Orders that missed their promise</h2>
        {report.missedPromises.length === 0 ? (
          <p className="report-none">Every promise was kept.</p>
        ) : (
          <Scroll label="Orders that missed their promise">
            <table>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Delivery option</th>
                  <th scope="col" className="num">Took</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {report.missedPromises.map((row) => (
                  <tr key={row.orderId}>
                    <th scope="row">#{row.orderId}</th>
                    <td>{row.option}</td>
                    <td className="num">
                      {row.minutes} of {row.promiseMinutes} min{row.delivered ? '' : ' so far'}
                    </td>
                    <td>{row.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
        )}
      </section>
    </>
  );
}

export default function ReportPage() {
  const { timeZone } = useShopConfig();
  const today = localDay(new Date(), timeZone);
  const [params, setParams] = useSearchParams();
  const asked = params.get('day') ?? '';
  const day = isCalendarDay(asked) ? asked : today;
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [downloading, setDownloading] = useState(false);
  const [printing, setPrinting] = useState(false);
  const bridge = counterBridge();
  // Cash per rider and its hand-ins are for those who handle the cash (staff and admins).
  const canSeeCash = useCan('cash.manage');
  const replaceRider = useCallback(
    (row: RiderCashRow) =>
      setLoaded((now) => (now.kind === 'ready' ? { kind: 'ready', report: { ...now.report, riders: (now.report.riders ?? []).map((r) => (r.riderId === row.riderId ? row : r)) } } : now)),
    [],
  );

  const load = useCallback(async () => {
    setLoaded({ kind: 'loading' });
    try {
      setLoaded({ kind: 'ready', report: await fetchDayReport(day) });
    } catch (error) {
      setLoaded({ kind: 'failed', message: error instanceof Error && error.message ? error.message : 'The report could not be loaded.' });
    }
  }, [day]);

  useEffect(() => {
    void load();
  }, [load]);

  // Read again without the loading state: the tables stay while the new figures come, and a failure keeps them.
  // Only the latest read may land, so a slow answer never puts older figures back.
  const reads = useRef(0);
  const refresh = useCallback(async () => {
    const read = ++reads.current;
    try {
      const report = await fetchDayReport(day);
      if (read !== reads.current) return;
      setLoaded((now) => (now.kind === 'ready' && now.report.day === report.day ? { kind: 'ready', report } : now));
    } catch {
      // the next event, reconnect or visit reads it again
    }
  }, [day]);
  const live = useMemo(() => coalesce(() => void refresh(), REFRESH_GAP_MS), [refresh]);
  useEffect(() => () => live.cancel(), [live]);
  useSocketEvents(
    {
      [SOCKET_EVENTS.cashHandIn]: (event) => {
        if (handInChangesReport(event, day)) live.request();
      },
      // a problem reported, decided or paid back: the credit figures change (cash refunds due are today's)
      [SOCKET_EVENTS.problemChanged]: () => live.request(),
      [SOCKET_EVENTS.orderStatus]: (event) => {
        if (changesReport(event, day, localDay(new Date(), timeZone), timeZone)) live.request();
      },
      // packing revised one of the day's orders (issue 33): its fill rate, short products and totals change
      [SOCKET_EVENTS.orderRevised]: (event) => {
        if (changesReport({ to: event.order.order_status, order: event.order }, day, localDay(new Date(), timeZone), timeZone)) live.request();
      },
    },
    () => live.request(),
    canSeeCash,
  );

  useEffect(() => {
    document.title = `Day report ${day}`;
  }, [day]);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadDayReportCsv(day);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  const printSummary = async () => {
    if (!bridge) return;
    setPrinting(true);
    try {
      const answer = await bridge.printDaySummary(day);
      if (!answer.ok) toast.error(answer.error);
      else {
        const status = await bridge.printerStatus();
        if (status.ok && status.data.state !== 'connected') toast.error(COUNTER_PRINT_TEXT.printerAway);
        else toast.success(COUNTER_PRINT_TEXT.daySummarySent);
      }
    } catch (error) {
      showError(error);
    } finally {
      setPrinting(false);
    }
  };

  return (
    <section className="report">
      <h1>Day report</h1>
      <div className="report-controls">
        <label className="report-day">
          <span>Day</span>
          <input
            type="date"
            value={day}
            required
            onChange={(event) => {
              const next = event.target.value;
              if (isCalendarDay(next)) setParams(next === today ? {} : { day: next }, { replace: true });
            }}
          />
        </label>
        <button type="button" className="button button--primary" onClick={() => void download()} disabled={downloading} aria-busy={downloading}>
          Download CSV
        </button>
        {bridge ? (
          <button type="button" className="button print-btn" onClick={() => void printSummary()} disabled={printing} aria-busy={printing}>
            Print day summary
          </button>
        ) : null}
      </div>
      <p className="report-caption">
        Orders placed on {formatReportDay(day)}
        {day === today ? ' (today, so far)' : ''}, shop time ({timeZone}).
      </p>
      {loaded.kind === 'loading' ? <Loading /> : null}
      {loaded.kind === 'failed' ? (
        <div className="report-failed" role="alert">
          <p>{loaded.message}</p>
          <button type="button" className="button" onClick={() => void load()}>
            Try again
          </button>
        </div>
      ) : null}
      {loaded.kind === 'ready' && loaded.report.day === day ? (
        loaded.report.totalOrders === 0 ? (
          <p className="report-empty" role="status">
            {loaded.report.future ? 'This day has not begun yet: there are no orders to report.' : 'No orders were placed on this day.'}
          </p>
        ) : (
          <Figures report={loaded.report} />
        )
      ) : null}
      {loaded.kind === 'ready' && loaded.report.day === day && canSeeCash && !loaded.report.future && (loaded.report.totalOrders > 0 || (loaded.report.riders ?? []).length > 0) ? (
        <RiderCash rows={loaded.report.riders ?? []} day={day} today={day === today} onRecorded={replaceRider} />
      ) : null}
    </section>
  );
}
