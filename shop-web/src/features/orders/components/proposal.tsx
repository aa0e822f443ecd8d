// A substitute proposed for a short line, as the shopper answers it (issue 33, item 4): the item they ordered and
// the one offered in its place, each with its picture and price, what they would pay, the time left by the
// server's clock, and Accept / Decline. The live prompt (substitution-prompt.tsx) and My Orders both show it. A
// HEAVIER proposal (issue 34: a weighed line packed over the tolerance) asks instead whether to pay for the whole
// weight, with Accept / Keep at the capped amount, through the same answer call and countdown.
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { ENDPOINTS, formatRs, formatWeight, rupeesToPaise, type OrderWire } from '@kade/shared';
import { ApiError, call } from '../../../lib/api-client';
import { imageAt } from '../../../lib/images';
import { formatCountdown, secondsLeft, serverNow } from '../../../lib/server-clock';
import { useNow } from '../../../lib/shop-clock';
import { showError } from '../../../lib/show-error';
import { useLocalName, useLocalUnit } from '../../../state/local-name';
import { answeredOrderAtom } from '../../../state/shopper-orders';
import type { WaitingProposal } from '../revision';

/** What became of an answer: the order as it now is, settled already (the proposal is closed), or failed (try again). */
export type AnswerOutcome = { kind: 'answered'; order: OrderWire } | { kind: 'closed' } | { kind: 'failed' };

/**
 * Answers a proposal with PUT /api/orders/substitutions/answer. A proposal settled meanwhile (409
 * PROPOSAL_EXPIRED or PROPOSAL_ANSWERED, or an order no longer the shopper's to answer) is said kindly and closed.
 */
export function useAnswerProposal(): (waiting: WaitingProposal, accept: boolean) => Promise<AnswerOutcome> {
  const { t } = useTranslation();
  const publish = useSetAtom(answeredOrderAtom);
  return useCallback(
    async ({ order, proposal }, accept) => {
      try {
        const answer = await call(ENDPOINTS.orders.answerSubstitution, { body: { orderId: order._id, proposalId: proposal._id, accept } });
        if (proposal.kind === 'HEAVIER') toast.success(accept ? t('weighed.heavierAccepted') : t('weighed.heavierKept', { amount: formatRs(rupeesToPaise(proposal.chargedPrice)) }));
        else toast.success(accept ? t('orders.prompt.accepted') : t('orders.prompt.declined'));
        publish(answer.data);
        return { kind: 'answered', order: answer.data };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
          // the code as the server sent it (a code this build does not list yet reads as none)
          const code: string | undefined = error.code;
          toast(code === 'PROPOSAL_EXPIRED' ? t('orders.prompt.expired') : code === 'PROPOSAL_ANSWERED' ? t('orders.prompt.answered') : t('orders.prompt.gone'));
          return { kind: 'closed' };
        }
        showError(error);
        return { kind: 'failed' };
      }
    },
    [publish, t],
  );
}

/** The seconds left to answer by the server's clock, ticking each second; `onTimeUp` once it reaches 0. */
export function useSecondsLeft(expiresAt: string, onTimeUp?: () => void): number {
  useNow(1000);
  const left = secondsLeft(expiresAt, serverNow());
  const told = useRef(false);
  const latest = useRef(onTimeUp);
  latest.current = onTimeUp;
  useEffect(() => {
    if (left > 0 || told.current) return;
    told.current = true;
    latest.current?.();
  }, [left]);
  return left;
}

/** One side of the comparison: a picture, a name, a unit and a price a unit. */
function Side({ heading, image, name, unit, price }: { heading: string; image: string | undefined; name: string; unit: string; price: number }) {
  const { t } = useTranslation();
  return (
    <figure className="proposal__side">
      <figcaption className="proposal__heading">{heading}</figcaption>
      <img src={imageAt(image, 160)} alt="" width={72} height={72} />
      <span className="proposal__name">{name}</span>
      <span className="proposal__unit">{unit}</span>
      <span className="proposal__price">{t('orders.prompt.each', { amount: formatRs(rupeesToPaise(price)) })}</span>
    </figure>
  );
}

/**
 * The proposal's content with its answer buttons (and `extra` beside them: the prompt's Later). `titleId` names the
 * heading a dialog is labelled by. `onDone` is told once the proposal is answered or closed.
 */
export function ProposalView({
  waiting,
  titleId,
  onDone,
  extra,
  autoFocus = false,
  sayTimeUp = false,
}: {
  waiting: WaitingProposal;
  titleId: string;
  onDone: (outcome: AnswerOutcome) => void;
  extra?: ReactNode;
  autoFocus?: boolean;
  /** Say so when the time runs out (the prompt; My Orders' card simply loses its buttons). */
  sayTimeUp?: boolean;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const answer = useAnswerProposal();
  const [busy, setBusy] = useState(false);
  const { proposal, line } = waiting;
  const left = useSecondsLeft(proposal.expiresAt, () => {
    if (sayTimeUp) toast(t('orders.prompt.expired'));
    onDone({ kind: 'closed' });
  });
  const shortName = line ? nameOf(line.product_details) : nameOf(proposal);
  const send = async (accept: boolean) => {
    setBusy(true);
    const outcome = await answer(waiting, accept);
    setBusy(false);
    if (outcome.kind !== 'failed') onDone(outcome);
  };
  const time = (
    <p className="proposal__time" role="timer">
      {t('orders.prompt.timeLeft', { time: formatCountdown(left) })}
    </p>
  );
  if (proposal.kind === 'HEAVIER') {
    // a weighed line packed over the tolerance (issue 34): the whole weight at its price, or kept at the cap's
    const capped = formatRs(rupeesToPaise(proposal.chargedPrice));
    const askedGrams = line?.grams ?? null;
    return (
      <div className="proposal proposal--heavier">
        <h2 id={titleId} className="proposal__title">
          {t('weighed.heavierTitle', {
            name: shortName,
            weighed: formatWeight(proposal.weighedGrams ?? 0),
            asked: askedGrams === null ? '' : formatWeight(askedGrams),
            heavier: formatRs(rupeesToPaise(proposal.price)),
            capped,
          })}
        </h2>
        <div className="proposal__heavier">
          <img src={imageAt(proposal.image[0], 160)} alt="" width={72} height={72} />
          <p className="proposal__body">{t('weighed.heavierBody')}</p>
        </div>
        {time}
        <div className="proposal__actions">
          <button type="button" className="button button--primary" disabled={busy || left <= 0} onClick={() => void send(true)} autoFocus={autoFocus}>
            {t('orders.prompt.accept')}
          </button>
          <button type="button" className="button button--ghost" disabled={busy || left <= 0} onClick={() => void send(false)}>
            {t('weighed.keepAt', { amount: capped })}
          </button>
          {extra}
        </div>
      </div>
    );
  }
  return (
    <div className="proposal">
      <h2 id={titleId} className="proposal__title">
        {t('orders.prompt.title', { name: shortName })}
      </h2>
      <p className="proposal__body">{t('orders.prompt.body')}</p>
      <div className="proposal__sides">
        {line ? (
          <Side heading={t('orders.prompt.ordered')} image={line.product_details.image[0]} name={shortName} unit={unitOf(line.product_details.unit)} price={line.product_details.price} />
        ) : null}
        <span className="proposal__arrow" aria-hidden="true" />
        <Side heading={t('orders.prompt.instead')} image={proposal.image[0]} name={nameOf(proposal)} unit={`${unitOf(proposal.unit)} × ${proposal.quantity}`} price={proposal.price} />
      </div>
      <p className="proposal__pay">{t('orders.prompt.youPay', { amount: formatRs(rupeesToPaise(proposal.price) * proposal.quantity) })}</p>
      {time}
      <div className="proposal__actions">
        <button type="button" className="button button--primary" disabled={busy || left <= 0} onClick={() => void send(true)} autoFocus={autoFocus}>
          {t('orders.prompt.accept')}
        </button>
        <button type="button" className="button button--ghost" disabled={busy || left <= 0} onClick={() => void send(false)}>
          {t('orders.prompt.decline')}
        </button>
        {extra}
      </div>
    </div>
  );
}
