// /dashboard/problems (issue 35, credit.manage): the problems shoppers reported on delivered orders, in tabs Open,
// Approved and Declined. Each report shows the order's number, its lines with reasons and value, the note, the
// photos (a tap opens one large) and the shopper with their history. An open one is approved (the amount prefilled
// with the lines' value, as store credit or cash) or declined with a reason; the server decides once, and a report
// someone else decided meanwhile (409 PROBLEM_DECIDED) is said and the list read again. An approved cash refund shows
// when it is due until someone marks it paid. The list is live: a report made, decided or paid anywhere reads it again.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { formatRs, PROBLEM_STATUSES, SOCKET_EVENTS, rupeesToPaise, paiseToRupees, type ProblemReason, type ProblemReportWire, type ProblemStatus, type RefundKind } from '@kade/shared';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { imageAt } from '../../../lib/images';
import { useSocketEvents } from '../../../lib/realtime';
import { showError } from '../../../lib/show-error';
import { useFormatDateTime } from '../../../lib/shop-clock';
import { useModalDialog } from '../../../lib/use-modal-dialog';
import { coalesce } from '../report/live-report';
import { problemsAdminApi } from './api/problems-admin-api';
import './problems.css';

const TAB_LABELS: Readonly<Record<ProblemStatus, string>> = { OPEN: 'Open', APPROVED: 'Approved', DECLINED: 'Declined' };
export const REASON_LABELS: Readonly<Record<ProblemReason, string>> = { DAMAGED: 'Damaged', DEFECTIVE: 'Defective', EXPIRED: 'Expired', WRONG_ITEM: 'Wrong item', MISSING: 'Missing' };

/** A photo large, over the page, until closed. */
function LargePhoto({ url, onClose }: { url: string; onClose: () => void }) {
  const dialog = useModalDialog();
  return (
    <dialog ref={dialog} className="problem-photo" aria-label="Photo" onClose={onClose}>
      <img src={imageAt(url, 1024)} alt="The shopper's photo, large" />
      <button type="button" className="button button--primary" onClick={onClose}>
        Close
      </button>
    </dialog>
  );
}

/** Approve (amount, credit or cash) or decline (a reason) an open report. */
function Decide({ report, onDecided }: { report: ProblemReportWire; onDecided: () => void }) {
  const value = report.lines.reduce((sum, line) => sum + rupeesToPaise(line.value), 0);
  const [amount, setAmount] = useState(String(paiseToRupees(value)));
  const [refundAs, setRefundAs] = useState<RefundKind>('CREDIT');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function decide(approve: boolean) {
    setBusy(true);
    try {
      const answer = await problemsAdminApi.decide(approve ? { problemId: report._id, approve, amount: Number(amount), refundAs } : { problemId: report._id, approve, refundAs: 'CREDIT', note: reason });
      toast.success(answer.message);
      onDecided();
    } catch (error) {
      showError(error);
      if (error instanceof ApiError && error.code === 'PROBLEM_DECIDED') onDecided();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="problem-decide">
      <div className="problem-decide__approve" role="group" aria-label={`Approve report on ${report.orderCode}`}>
        <label className="dash-field">
          <span>Refund (Rs.)</span>
          <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>
        <label className="dash-field">
          <span>Refund as</span>
          <select value={refundAs} onChange={(event) => setRefundAs(event.target.value as RefundKind)}>
            <option value="CREDIT">Store credit</option>
            <option value="CASH">Cash</option>
          </select>
        </label>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void decide(true)}>
          Approve
        </button>
      </div>
      <div className="problem-decide__decline" role="group" aria-label={`Decline report on ${report.orderCode}`}>
        <label className="dash-field">
          <span>Reason to decline</span>
          <input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </label>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => void decide(false)}>
          Decline
        </button>
      </div>
    </div>
  );
}

/** An approved cash refund: due by its date until someone marks it paid back (the day report counts it as due till then). */
function CashRefund({ report, onPaid }: { report: ProblemReportWire; onPaid: () => void }) {
  const when = useFormatDateTime();
  const [busy, setBusy] = useState(false);
  const decision = report.decision;
  if (!decision) return null;
  if (decision.cashPaidAt) {
    return (
      <p className="problem-card__cash" data-testid="cash-refund">
        Cash paid back · {when(decision.cashPaidAt)}
      </p>
    );
  }
  async function markPaid() {
    setBusy(true);
    try {
      toast.success((await problemsAdminApi.paid({ problemId: report._id })).message);
      onPaid();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <p className="problem-card__cash" data-testid="cash-refund">
      Cash to pay back by {decision.cashDueAt ? when(decision.cashDueAt) : '–'}{' '}
      <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={() => void markPaid()}>
        Mark as paid
      </button>
    </p>
  );
}

function ReportCard({ report, onDecided, onPhoto }: { report: ProblemReportWire; onDecided: () => void; onPhoto: (url: string) => void }) {
  const when = useFormatDateTime();
  const value = report.lines.reduce((sum, line) => sum + rupeesToPaise(line.value), 0);
  const shopper = report.shopper;
  return (
    <article className="panel problem-card" aria-label={`Report on order ${report.orderCode}`}>
      <header className="problem-card__head">
        <strong>Order {report.orderCode}</strong>
        <span>{when(report.createdAt)}</span>
      </header>
      {shopper ? (
        <p className="problem-card__shopper">
          {shopper.name} · {shopper.mobile} ·{' '}
          <span data-testid="shopper-history">
            {shopper.reports} earlier reports ({shopper.approved} approved, {shopper.declined} declined)
          </span>
        </p>
      ) : null}
      <table className="problem-card__lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Reason</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {report.lines.map((line, index) => (
            <tr key={`${line.productId ?? 'gone'}-${index}`}>
              <td>{line.name}</td>
              <td>{line.quantity}</td>
              <td>{REASON_LABELS[line.reason]}</td>
              <td>{formatRs(rupeesToPaise(line.value))}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Value
            </th>
            <td data-testid="problem-value">{formatRs(value)}</td>
          </tr>
        </tfoot>
      </table>
      {report.note ? <p className="problem-card__note">“{report.note}”</p> : null}
      {report.photos.length > 0 ? (
        <div className="problem-card__photos">
          {report.photos.map((url, index) => (
            <button key={url} type="button" className="problem-card__thumb" onClick={() => onPhoto(url)} aria-label={`Open photo ${index + 1}`}>
              <img src={imageAt(url, 160)} alt="" width={72} height={72} />
            </button>
          ))}
        </div>
      ) : (
        <p className="problem-card__note">No photo.</p>
      )}
      {report.status === 'OPEN' ? (
        <Decide report={report} onDecided={onDecided} />
      ) : report.decision ? (
        <>
          <p className="problem-card__decision" data-testid="problem-decision">
            {report.decision.approve ? `Approved ${formatRs(rupeesToPaise(report.decision.amount))} as ${report.decision.refundAs === 'CASH' ? 'cash' : 'store credit'}` : `Declined: ${report.decision.note ?? ''}`}
            {report.decision.decidedBy ? ` · by ${report.decision.decidedBy}` : ''} · {when(report.decision.decidedAt)}
          </p>
          {report.decision.approve && report.decision.refundAs === 'CASH' ? <CashRefund report={report} onPaid={onDecided} /> : null}
        </>
      ) : null}
    </article>
  );
}

export default function ProblemsPage() {
  const [status, setStatus] = useState<ProblemStatus>('OPEN');
  const [reports, setReports] = useState<ProblemReportWire[] | null>(null);
  const [photo, setPhoto] = useState<string | null>(null);

  // Only the newest read's answer is shown: a read of the tab just left (after a decision, or a live change) that is
  // answered after the new tab's own read would put the old tab's reports under the new tab's name.
  const reads = useRef(0);
  const load = useCallback(async (which: ProblemStatus) => {
    const read = ++reads.current;
    try {
      const { data } = await problemsAdminApi.list(which);
      if (read === reads.current) setReports(data);
    } catch (error) {
      if (read !== reads.current) return;
      showError(error);
      setReports([]);
    }
  }, []);
  useEffect(() => {
    setReports(null);
    void load(status);
  }, [load, status]);
  // a report made, decided or paid anywhere: the tab is read again (at most once a second)
  const live = useMemo(() => coalesce(() => void load(status), 1000), [load, status]);
  useEffect(() => () => live.cancel(), [live]);
  useSocketEvents({ [SOCKET_EVENTS.problemChanged]: () => live.request() }, () => live.request());

  return (
    <section className="problems-page" aria-labelledby="problems-title">
      <h1 id="problems-title">Problems</h1>
      <div className="problems-page__tabs" role="tablist" aria-label="Reports by state">
        {PROBLEM_STATUSES.map((each) => (
          <button key={each} type="button" role="tab" aria-selected={each === status} className={`button ${each === status ? 'button--primary' : 'button--ghost'}`} onClick={() => setStatus(each)}>
            {TAB_LABELS[each]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={TAB_LABELS[status]}>
        {reports === null ? (
          <Loading />
        ) : reports.length === 0 ? (
          <p className="empty">No {TAB_LABELS[status].toLowerCase()} reports.</p>
        ) : (
          <div className="problems-page__list">
            {reports.map((report) => (
              <ReportCard key={report._id} report={report} onDecided={() => void load(status)} onPhoto={setPhoto} />
            ))}
          </div>
        )}
      </div>
      {photo ? <LargePhoto url={photo} onClose={() => setPhoto(null)} /> : null}
    </section>
  );
}
