// The endpoints of issue 35: problems reported on delivered orders, store credit and promo codes.
import type { CreditWire, CreditEntryWire, ProblemReportWire, PromoCheckWire, PromoCodeWire } from './answers';
import { answer, endpoint } from './define';

export const problems = {
  /**
   * A shopper's photo for a report (form field `image`, the upload path and limits of /api/file/upload, counted in
   * the account's upload allowance); answers `data.url` to send in `photos`.
   */
  photo: endpoint({ method: 'post', path: '/api/orders/problems/photo', access: 'user', upload: 'image', answer: answer<{ url: string }>() }),
  /** The order's shopper reports lines of a delivered order (201); anyone else's order answers 404. */
  report: endpoint({ method: 'post', path: '/api/orders/problems', access: 'user', body: 'problemCreateSchema', answer: answer<ProblemReportWire>() }),
  /** The reports in one state, newest first, with each shopper's history. */
  list: endpoint({ method: 'get', path: '/api/orders/problems', access: 'credit.manage', query: 'problemListQuerySchema', answer: answer<ProblemReportWire[]>() }),
  /** The caller's own reports on one of their orders, newest first (another's order answers an empty list). */
  mine: endpoint({ method: 'get', path: '/api/orders/problems/mine', access: 'user', query: 'problemMineQuerySchema', answer: answer<ProblemReportWire[]>() }),
  /** Approve (credit or cash) or decline, once: a second decision is 409 PROBLEM_DECIDED. */
  decide: endpoint({ method: 'put', path: '/api/orders/problems/decide', access: 'credit.manage', body: 'problemDecideSchema', answer: answer<ProblemReportWire>() }),
  /**
   * The store paid back an approved cash refund (recorded with who and when; the day report stops counting it as
   * due). Marking it again changes nothing; a report that is not an approved cash refund is 409 PROBLEM_NOT_CASH.
   */
  paid: endpoint({ method: 'put', path: '/api/orders/problems/paid', access: 'credit.manage', body: 'problemPaidSchema', answer: answer<ProblemReportWire>() }),
};

export const credit = {
  /** The caller's balance and ledger. */
  mine: endpoint({ method: 'get', path: '/api/credit', access: 'user', answer: answer<CreditWire>() }),
  /** Goodwill credit for an account (201). */
  issue: endpoint({ method: 'post', path: '/api/credit/issue', access: 'credit.manage', body: 'creditIssueSchema', answer: answer<CreditEntryWire>() }),
};

export const promoCodes = {
  create: endpoint({ method: 'post', path: '/api/promo-codes', access: 'promotions.manage', body: 'promoCreateSchema', answer: answer<PromoCodeWire>() }),
  list: endpoint({ method: 'get', path: '/api/promo-codes', access: 'promotions.manage', answer: answer<PromoCodeWire[]>() }),
  remove: endpoint({ method: 'delete', path: '/api/promo-codes', access: 'promotions.manage', body: 'promoDeleteSchema', answer: answer<PromoCodeWire>() }),
  /** What a code takes off the caller's cart now, or 400 naming why it does not apply. */
  check: endpoint({ method: 'post', path: '/api/promo-codes/check', access: 'user', body: 'promoCheckSchema', answer: answer<PromoCheckWire>() }),
};
