// 'Report a problem' on a delivered order (issue 35): the shopper picks lines, how many (up to what was delivered
// and not reported yet) and why, adds a note and a photo from the phone, and sends it. The server decides everything
// (the 24-hour window after delivery, the quantities, that a photo comes with any reason but Missing) and its refusals
// are said by showError. Below, each report already sent on the order, with the shop's decision.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { formatRs, isProblemWindowOpen, MAX_PROBLEM_PHOTOS, normalizeStatus, PROBLEM_REASONS, problemWindowEnds, rupeesToPaise, type OrderWire, type ProblemReason, type ProblemReportWire } from '@kade/shared';
import { FileButton } from '../../../components/file-button';
import { imageAt } from '../../../lib/images';
import { serverNow } from '../../../lib/server-clock';
import { useShopConfig } from '../../../lib/shop-config';
import { useFormatDateTime } from '../../../lib/shop-clock';
import { showError } from '../../../lib/show-error';
import { useLocalName } from '../../../state/local-name';
import { problemsApi } from '../api/problems-api';
import { revisedLines, weighedLine } from '../revision';

interface LinePick {
  chosen: boolean;
  quantity: number;
  reason: ProblemReason;
}

/** The order's lines a report may name: a product still known, with some delivered, and how many of it. */
function reportableLines(order: OrderWire, reports: readonly ProblemReportWire[]) {
  const reported = new Map<string, number>();
  for (const report of reports) for (const line of report.lines) if (line.productId) reported.set(line.productId, (reported.get(line.productId) ?? 0) + line.quantity);
  return revisedLines(order)
    .filter(({ line, sent }) => line.productId !== null && sent > 0)
    .map(({ line, sent }) => ({ line, productId: line.productId as string, max: (weighedLine(line) ? line.quantity : sent) - (reported.get(line.productId as string) ?? 0) }))
    .filter((each) => each.max > 0);
}

/** One report as the shopper reads it: when, what, and the shop's answer (Sent, Approved: Rs.x as credit, Declined: why). */
function ReportState({ report }: { report: ProblemReportWire }) {
  const { t } = useTranslation();
  const amount = formatRs(rupeesToPaise(report.decision?.amount ?? 0));
  const state =
    report.status === 'OPEN'
      ? t('problems.sent')
      : report.status === 'APPROVED'
        ? report.decision?.refundAs === 'CASH'
          ? t('problems.approvedCash', { amount })
          : t('problems.approvedCredit', { amount })
        : t('problems.declined', { reason: report.decision?.note ?? '' });
  return (
    <li className={`order-problem order-problem--${report.status.toLowerCase()}`} data-testid="problem-state">
      <strong>{state}</strong>
      <span className="order-problem__lines">{report.lines.map((line) => `${line.name} × ${line.quantity} (${t(`problems.reason.${line.reason}`)})`).join(', ')}</span>
    </li>
  );
}

function ReportForm({ order, reports, onSent, onClose }: { order: OrderWire; reports: readonly ProblemReportWire[]; onSent: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  const lines = reportableLines(order, reports);
  const [picks, setPicks] = useState<Record<string, LinePick>>({});
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const pickOf = (productId: string): LinePick => picks[productId] ?? { chosen: false, quantity: 1, reason: 'DAMAGED' };
  const setPick = (productId: string, change: Partial<LinePick>) => setPicks((old) => ({ ...old, [productId]: { ...pickOf(productId), ...change } }));
  const chosen = lines.filter((each) => pickOf(each.productId).chosen);

  async function addPhotos(files: File[]) {
    setUploading(true);
    try {
      for (const file of files.slice(0, MAX_PROBLEM_PHOTOS - photos.length)) {
        const url = await problemsApi.photo(file);
        setPhotos((old) => [...old, url]);
      }
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    try {
      await problemsApi.report({
        orderId: order._id,
        lines: chosen.map((each) => ({ productId: each.productId, quantity: pickOf(each.productId).quantity, reason: pickOf(each.productId).reason })),
        note,
        photos,
      });
      toast.success(t('problems.thanks'));
      onSent();
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  }

  if (lines.length === 0) {
    return (
      <p className="order-problems__none" role="status">
        {t('problems.nothingLeft')}
      </p>
    );
  }
  return (
    <form className="problem-form" aria-labelledby={titleId} onSubmit={(event) => void send(event)} noValidate>
      <h2 id={titleId}>{t('problems.formTitle')}</h2>
      <p className="problem-form__hint">{t('problems.hint')}</p>
      <ul className="problem-form__lines">
        {lines.map(({ line, productId, max }) => {
          const pick = pickOf(productId);
          const name = nameOf(line.product_details);
          return (
            <li key={productId} className="problem-form__line">
              <label className="problem-form__pick">
                <input type="checkbox" checked={pick.chosen} onChange={(event) => setPick(productId, { chosen: event.target.checked })} />
                <span>{name}</span>
              </label>
              {pick.chosen ? (
                <div className="problem-form__details">
                  <label>
                    <span>{t('problems.quantity', { max })}</span>
                    <select aria-label={t('problems.quantityOf', { name })} value={pick.quantity} onChange={(event) => setPick(productId, { quantity: Number(event.target.value) })}>
                      {Array.from({ length: max }, (_, index) => index + 1).map((count) => (
                        <option key={count} value={count}>
                          {count}
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    <span>{t('problems.why')}</span>
                    <select aria-label={t('problems.reasonOf', { name })} value={pick.reason} onChange={(event) => setPick(productId, { reason: event.target.value as ProblemReason })}>
                      {PROBLEM_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {t(`problems.reason.${reason}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <label className="problem-form__note">
        <span>{t('problems.note')}</span>
        <textarea value={note} maxLength={1000} rows={3} onChange={(event) => setNote(event.target.value)} />
      </label>
      <div className="problem-form__photos">
        {photos.map((url, index) => (
          <span key={url} className="problem-form__photo">
            <img src={imageAt(url, 160)} alt={t('problems.photoNumber', { number: index + 1 })} width={64} height={64} />
            <button type="button" className="button button--ghost" onClick={() => setPhotos((old) => old.filter((each) => each !== url))}>
              {t('problems.removePhoto')}
            </button>
          </span>
        ))}
        {photos.length < MAX_PROBLEM_PHOTOS ? (
          <FileButton label={t('problems.addPhoto')} accept="image/*" onFiles={(files) => void addPhotos(files)} busy={uploading} busyLabel={t('common.uploading')} />
        ) : null}
      </div>
      <p className="problem-form__hint">{t('problems.photoHint')}</p>
      <div className="problem-form__actions">
        <button type="submit" className="button button--primary" disabled={sending || uploading || chosen.length === 0}>
          {t('problems.send')}
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('problems.close')}
        </button>
      </div>
    </form>
  );
}

/** The order card's problems: shown on a delivered order only. */
export function OrderProblems({ order }: { order: OrderWire }) {
  const { t } = useTranslation();
  const delivered = normalizeStatus(order.order_status) === 'Delivered';
  const { problemReportHours } = useShopConfig();
  const when = useFormatDateTime();
  // the server decides; the button shows only while its window is open (an order from before deliveredAt: always)
  const deliveredAt = order.deliveredAt ? new Date(order.deliveredAt) : null;
  const windowOpen = deliveredAt === null || isProblemWindowOpen(deliveredAt, new Date(serverNow()), problemReportHours);
  const [reports, setReports] = useState<ProblemReportWire[] | null>(null);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    try {
      setReports((await problemsApi.mine(order._id)).data);
    } catch (error) {
      showError(error);
    }
  }, [order._id]);
  useEffect(() => {
    if (delivered) void load();
  }, [delivered, load]);

  if (!delivered || reports === null) return null;
  return (
    <section className="order-problems" aria-label={t('problems.title')}>
      {reports.length > 0 ? (
        <>
          <h2>{t('problems.title')}</h2>
          <ul className="order-problems__list">
            {reports.map((report) => (
              <ReportState key={report._id} report={report} />
            ))}
          </ul>
        </>
      ) : null}
      {open ? (
        <ReportForm
          order={order}
          reports={reports}
          onClose={() => setOpen(false)}
          onSent={() => {
            setOpen(false);
            void load();
          }}
        />
      ) : windowOpen ? (
        <button type="button" className="button button--ghost order-problems__open" onClick={() => setOpen(true)}>
          {t('problems.report')}
        </button>
      ) : deliveredAt ? (
        <p className="order-problems__closed">{t('problems.windowClosed', { hours: problemReportHours, date: when(problemWindowEnds(deliveredAt, problemReportHours).toISOString()) })}</p>
      ) : null}
    </section>
  );
}
