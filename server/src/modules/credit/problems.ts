// Problems reported on delivered orders (issue 35): the shopper reports lines with a reason and a photo within the
// window after delivery; the store approves a refund (store credit by default, or cash due in 3 working days) or
// declines, once. A report and a decision each lock the order's or the report's row, so two at once take turns.
import type { Knex } from 'knex';
import {
  isProblemWindowOpen,
  paiseToRupees,
  problemNeedsProof,
  problemWindowEnds,
  refundDueAt,
  reportableQuantity,
  rupeesToPaise,
  formatRs,
  type ProblemCreateInput,
  type ProblemDecideInput, type ProblemPaidInput,
  type ProblemReason,
  type ProblemReportWire,
  type ProblemStatus,
  type RefundKind,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import { assertUploadedImages } from '../catalog/checks';
import { heldStock, isWeighedRow, linePaise, type LineMoneyRow } from '../orders/lines';
import { orderRefWhere } from '../orders/order-ref';
import type { CreditLedger } from './ledger';
import type { ProblemEvents } from '../realtime/events';

interface ReportRow {
  id: string;
  order_id: string;
  order_code: string;
  user_id: string;
  status: ProblemStatus;
  note: string;
  photos: unknown;
  refund_as: RefundKind | null;
  amount_paise: number | null;
  decision_note: string | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  cash_due_at: Date | string | null;
  cash_paid_at: Date | string | null;
  created_at: Date | string;
  lines: Array<{ product_id: string | null; name: string; quantity: number; reason: ProblemReason; value_paise: number }>;
  shopper_name?: string;
  shopper_mobile?: string;
  shopper_reports?: number | string;
  shopper_approved?: number | string;
  shopper_declined?: number | string;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A report with its order's number, its lines, who decided it and (for the store) the shopper's history. */
const REPORT_SELECT = `r.*, o.order_code,
  (select u.name from users u where u.id = r.decided_by) as decided_by_name,
  coalesce((select json_agg(json_build_object('product_id', l.product_id, 'name', l.name, 'quantity', l.quantity, 'reason', l.reason,
    'value_paise', l.value_paise) order by l.name, l.id) from problem_lines l where l.problem_id = r.id), '[]'::json) as lines,
  s.name as shopper_name, s.mobile as shopper_mobile,
  (select count(*) from problem_reports h where h.user_id = r.user_id and h.id <> r.id) as shopper_reports,
  (select count(*) from problem_reports h where h.user_id = r.user_id and h.id <> r.id and h.status = 'APPROVED') as shopper_approved,
  (select count(*) from problem_reports h where h.user_id = r.user_id and h.id <> r.id and h.status = 'DECLINED') as shopper_declined`;

function toProblemWire(row: ReportRow, forStore: boolean): ProblemReportWire {
  const photos = Array.isArray(row.photos) ? row.photos.filter((p): p is string => typeof p === 'string') : [];
  return {
    _id: row.id,
    orderId: row.order_id,
    orderCode: row.order_code,
    lines: row.lines.map((line) => ({ productId: line.product_id, name: line.name, quantity: line.quantity, reason: line.reason, value: paiseToRupees(line.value_paise) })),
    note: row.note,
    photos,
    status: row.status,
    decision:
      row.status === 'OPEN' || row.decided_at === null
        ? null
        : {
            approve: row.status === 'APPROVED',
            amount: paiseToRupees(row.amount_paise ?? 0),
            refundAs: row.refund_as,
            note: row.decision_note,
            decidedBy: row.decided_by_name ?? null,
            decidedAt: iso(row.decided_at) as string,
            cashDueAt: iso(row.cash_due_at),
            cashPaidAt: iso(row.cash_paid_at),
          },
    createdAt: iso(row.created_at) as string,
    shopper: forStore
      ? {
          _id: row.user_id,
          name: row.shopper_name ?? '',
          mobile: row.shopper_mobile ?? '',
          reports: Number(row.shopper_reports ?? 0),
          approved: Number(row.shopper_approved ?? 0),
          declined: Number(row.shopper_declined ?? 0),
        }
      : null,
  };
}

/** An order line as a report reads it: what was delivered of it and what one of it cost. */
interface DeliveredLine extends LineMoneyRow {
  product_id: string | null;
  name: string;
  price_paise: number;
  step_grams: number | null;
}

/** How many of a line were delivered (steps of a weighed line), and what one of them cost on the order (paise). */
function deliveredOf(line: DeliveredLine): { count: number; unitPaise: number } {
  if (line.found === 0) return { count: 0, unitPaise: 0 };
  if (isWeighedRow(line)) return { count: line.quantity, unitPaise: Math.floor(linePaise(line) / line.quantity) };
  return { count: heldStock(line), unitPaise: line.price_paise };
}

export interface ProblemServiceDeps {
  db: Knex;
  clock: Clock;
  config: Pick<Config, 'shop' | 'problemReportHours'>;
  ledger: CreditLedger;
  /** Staff hear a report made, decided or paid back (the Problems page reads again). */
  events?: Pick<ProblemEvents, 'problemChanged'>;
}

export function createProblemService({ db, clock, config, ledger, events }: ProblemServiceDeps) {
  const tell = (problem: ProblemReportWire): ProblemReportWire => {
    events?.problemChanged({ problemId: problem._id, status: problem.status });
    return problem;
  };
  const hours = () => config.problemReportHours;

  async function byId(trx: Knex | Knex.Transaction, id: string, forStore: boolean): Promise<ProblemReportWire> {
    const row = (await trx('problem_reports as r').join('orders as o', 'o.id', 'r.order_id').join('users as s', 's.id', 'r.user_id').where('r.id', id).first(trx.raw(REPORT_SELECT))) as ReportRow | undefined;
    if (!row) throw notFound('There is no such problem report.', 'PROBLEM_NOT_FOUND');
    return toProblemWire(row, forStore);
  }

  return {
    /**
     * POST /api/orders/problems: the order's shopper reports lines of a delivered order within the window. The
     * order's row is locked, so two reports at once cannot together name more than was delivered.
     */
    async report(user: AuthUser, input: ProblemCreateInput): Promise<ProblemReportWire> {
      const reasons = input.lines.map((line) => line.reason);
      if (problemNeedsProof(reasons) && input.photos.length === 0) {
        throw new AppError('PROOF_REQUIRED', 'Add a photo of the item: it is needed for anything but a missing item.', { field: 'photos' });
      }
      await assertUploadedImages(db, input.photos, 'photos');
      const id = await db.transaction(async (trx) => {
        const order = await trx('orders').where(orderRefWhere(input.orderId)).forUpdate().first<{ id: string; user_id: string; status: string; delivered_at: Date | string | null } | undefined>('id', 'user_id', 'status', 'delivered_at');
        if (!order || order.user_id !== user.id) throw notFound('There is no such order.', 'ORDER_NOT_FOUND');
        const now = clock.now();
        const deliveredAt = order.delivered_at === null ? null : new Date(order.delivered_at);
        if (order.status !== 'Delivered' || deliveredAt === null || !isProblemWindowOpen(deliveredAt, now, hours())) {
          const until = deliveredAt ? problemWindowEnds(deliveredAt, hours()).toISOString() : null;
          throw conflict(
            order.status !== 'Delivered' ? 'Problems can be reported only once the order is delivered.' : 'The time to report a problem on this order has ended. Please call the shop.',
            'PROBLEM_WINDOW_CLOSED',
            { order_status: order.status, until },
          );
        }
        const lines = await trx('order_lines').where({ order_id: order.id }).select<DeliveredLine[]>('product_id', 'name', 'quantity', 'found', 'price_paise', 'original_price_paise', 'discount', 'sell_by', 'step_grams', 'grams', 'weighed_grams', 'charged_grams');
        const reported = new Map(
          (
            (await trx('problem_lines as l')
              .join('problem_reports as r', 'r.id', 'l.problem_id')
              .where('r.order_id', order.id)
              .groupBy('l.product_id')
              .select('l.product_id')
              .sum('l.quantity as quantity')) as Array<{ product_id: string; quantity: number | string }>
          ).map((row) => [row.product_id, Number(row.quantity)]),
        );
        const rows = input.lines.map((wanted, index) => {
          const line = lines.find((l) => l.product_id === wanted.productId);
          if (!line) throw new AppError('NOT_IN_ORDER', 'That product is not in this order.', { field: `lines.${index}.productId` });
          const { count, unitPaise } = deliveredOf(line);
          const left = reportableQuantity(count, reported.get(wanted.productId) ?? 0);
          if (wanted.quantity > left) {
            throw new AppError('VALIDATION', left === 0 ? `${line.name}: nothing more of it can be reported on this order.` : `quantity must be at most ${left} for ${line.name}.`, {
              field: `lines.${index}.quantity`,
              details: { rule: 'tooBig', max: left },
            });
          }
          return { product_id: wanted.productId, name: line.name, quantity: wanted.quantity, reason: wanted.reason, value_paise: unitPaise * wanted.quantity };
        });
        const [report] = await trx('problem_reports')
          .insert({ order_id: order.id, user_id: user.id, status: 'OPEN', note: input.note, photos: JSON.stringify(input.photos), created_at: now })
          .returning<Array<{ id: string }>>('id');
        const problemId = (report as { id: string }).id;
        await trx('problem_lines').insert(rows.map((row) => ({ ...row, problem_id: problemId })));
        return problemId;
      });
      return tell(await byId(db, id, false));
    },

    /** GET /api/orders/problems: the reports in one state, newest first, with each shopper's history. */
    async list(status: ProblemStatus): Promise<ProblemReportWire[]> {
      const rows = (await db('problem_reports as r')
        .join('orders as o', 'o.id', 'r.order_id')
        .join('users as s', 's.id', 'r.user_id')
        .where('r.status', status)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id')
        .limit(200)
        .select(db.raw(REPORT_SELECT))) as ReportRow[];
      return rows.map((row) => toProblemWire(row, true));
    },

    /** GET /api/orders/problems/mine: the caller's reports on one order (none for an order that is not theirs). */
    async mine(user: AuthUser, orderRef: string): Promise<ProblemReportWire[]> {
      const order = await db('orders').where(orderRefWhere(orderRef)).first<{ id: string; user_id: string } | undefined>('id', 'user_id');
      if (!order || order.user_id !== user.id) return [];
      const rows = (await db('problem_reports as r')
        .join('orders as o', 'o.id', 'r.order_id')
        .join('users as s', 's.id', 'r.user_id')
        .where({ 'r.order_id': order.id, 'r.user_id': user.id })
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id')
        .select(db.raw(REPORT_SELECT))) as ReportRow[];
      return rows.map((row) => toProblemWire(row, false));
    },

    /**
     * PUT /api/orders/problems/decide: approve (an amount up to the lines' value, as credit or cash) or decline,
     * once. The report's row is locked: a second decision, at once or later, is 409 PROBLEM_DECIDED and issues
     * nothing.
     */
    async decide(actor: AuthUser, input: ProblemDecideInput): Promise<ProblemReportWire> {
      await db.transaction(async (trx) => {
        const report = await trx('problem_reports').where({ id: input.problemId }).forUpdate().first<{ id: string; order_id: string; user_id: string; status: ProblemStatus } | undefined>('id', 'order_id', 'user_id', 'status');
        if (!report) throw notFound('There is no such problem report.', 'PROBLEM_NOT_FOUND');
        if (report.status !== 'OPEN') throw conflict(`This report was already ${report.status.toLowerCase()}.`, 'PROBLEM_DECIDED', { status: report.status });
        const now = clock.now();
        if (!input.approve) {
          await trx('problem_reports').where({ id: report.id }).update({ status: 'DECLINED', amount_paise: 0, decision_note: input.note ?? null, decided_by: actor.id, decided_at: now });
          return;
        }
        const value = Number(((await trx('problem_lines').where({ problem_id: report.id }).sum('value_paise as value')) as Array<{ value: number | string | null }>)[0]?.value ?? 0);
        const amountPaise = rupeesToPaise(input.amount ?? 0);
        if (amountPaise > value) {
          throw new AppError('VALIDATION', `amount must be at most ${formatRs(value)}, what the reported items cost.`, { field: 'amount', details: { rule: 'tooBig', max: paiseToRupees(value) } });
        }
        await trx('problem_reports').where({ id: report.id }).update({
          status: 'APPROVED',
          refund_as: input.refundAs,
          amount_paise: amountPaise,
          decision_note: input.note ?? null,
          decided_by: actor.id,
          decided_at: now,
          cash_due_at: input.refundAs === 'CASH' ? refundDueAt(now, config.shop.timeZone) : null,
        });
        if (input.refundAs === 'CREDIT') {
          await ledger.issue(trx, { userId: report.user_id, amountPaise, reason: 'refund', orderId: report.order_id, problemId: report.id, actorId: actor.id });
        }
      });
      return tell(await byId(db, input.problemId, true));
    },

    /** PUT /api/orders/problems/paid: an approved cash refund paid back, once (a repeat keeps the first record). */
    async paid(actor: AuthUser, input: ProblemPaidInput): Promise<ProblemReportWire> {
      const report = await db('problem_reports').where({ id: input.problemId }).first<{ status: ProblemStatus; refund_as: string | null } | undefined>('status', 'refund_as');
      if (!report) throw notFound('There is no such problem report.', 'PROBLEM_NOT_FOUND');
      if (report.status !== 'APPROVED' || report.refund_as !== 'CASH') {
        throw conflict('Only an approved cash refund is paid back in cash.', 'PROBLEM_NOT_CASH', { status: report.status, refundAs: report.refund_as });
      }
      const marked = await db('problem_reports').where({ id: input.problemId }).whereNull('cash_paid_at').update({ cash_paid_at: clock.now(), cash_paid_by: actor.id });
      const paid = await byId(db, input.problemId, true);
      return marked > 0 ? tell(paid) : paid;
    },
  };
}

export type ProblemService = ReturnType<typeof createProblemService>;
