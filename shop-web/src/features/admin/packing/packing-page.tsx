// /dashboard/pack/:orderId: the packing screen of a taken (Processing) order (issue 33), on the dashboard and the
// counter app alike. Each line with its shelf, quantity and picture: a tap ticks it found in full, 'Short' says how
// many were found, and a USB scanner (digits, then Enter, typed anywhere on the page but into a field) counts one
// of a line's product per scan, ticking the line at its quantity; another product's code is refused with a beep
// and its name. A short line offers a substitute. The page re-reads on the order's socket events, so a proposal's
// answer and another packer's ticks show at once. Its words are the clerk's language's (`packing.*`).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useParams } from 'react-router-dom';
import {
  formatRs,
  formatWeight,
  isLanguage,
  localName,
  MAX_WEIGHED_GRAMS,
  rupeesToPaise,
  SOCKET_EVENTS,
  statusLabel,
  type Language,
  type OrderLineWire,
  type OrderWire,
  type ProposalWire,
  type SubstituteWire,
} from '@kade/shared';
import { useShopConfig } from '../../../lib/shop-config';
import { ApiError } from '../../../lib/api-client';
import { imageAt } from '../../../lib/images';
import { useSocketEvents } from '../../../lib/realtime';
import { errorText } from '../../../lib/show-error';
import { Loading } from '../../../components/loading';
import { packingApi } from './api/packing-api';
import { refusalBeep, scaleLabelMeaning, scanMeaning, typingTarget } from './scan';
import './packing.css';

type Loaded = { kind: 'loading' } | { kind: 'error'; text: string } | { kind: 'ready'; order: OrderWire };
type Notice = { tone: 'ok' | 'refused'; text: string } | null;

/** The shortest code a scanner types (an EAN-8 would be 8); fewer digits before Enter are not a scan. */
const MIN_SCAN_DIGITS = 8;

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

const rupees = (amount: number) => formatRs(rupeesToPaise(amount));
/** A weighed line's amount, always whole rupees, as the clerk reads it: 'Rs.356'. */
const wholeRupees = (amount: number) => rupees(amount).replace(/\.00$/, '');

/** What one pack call says of a line: how many were found, or (sold by weight, issue 34) its grams or scale label. */
type PackLineBody = { found: number } | { weighedGrams: number } | { scaleLabel: string };

/** The latest proposal of a kind for a line's product, if any: a substitute (issue 33) or a heavier weight (issue 34). */
function proposalFor(order: OrderWire, productId: string | null, kind: 'SUBSTITUTE' | 'HEAVIER' = 'SUBSTITUTE'): ProposalWire | undefined {
  const mine = (order.proposals ?? []).filter((p) => p.productId === productId && (p.kind ?? 'SUBSTITUTE') === kind);
  return mine[mine.length - 1];
}

export default function PackingPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation();
  const language = useLanguage();
  const { scaleLabelPattern } = useShopConfig();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  /** Scans counted per product while a line is not yet found in full. */
  const [counted, setCounted] = useState<Record<string, number>>({});
  const order = loaded.kind === 'ready' ? loaded.order : null;
  const orderRef = useRef<OrderWire | null>(null);
  orderRef.current = order;

  const reload = useCallback(async () => {
    try {
      const answer = await packingApi.order(orderId);
      setLoaded({ kind: 'ready', order: answer.data });
    } catch (error) {
      setLoaded((now) => (now.kind === 'ready' ? now : { kind: 'error', text: errorText(error) }));
    }
  }, [orderId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const mine = (other: OrderWire) => other._id === orderRef.current?._id;
  useSocketEvents(
    {
      [SOCKET_EVENTS.orderRevised]: (event) => {
        if (mine(event.order)) void reload();
      },
      [SOCKET_EVENTS.orderStatus]: (event) => {
        if (mine(event.order)) void reload();
      },
    },
    () => void reload(),
  );

  const packing = order !== null && statusLabel(order.order_status) === 'Processing';

  const pack = useCallback(
    async (line: OrderLineWire, body: PackLineBody): Promise<boolean> => {
      const current = orderRef.current;
      if (!current || line.productId === null) return false;
      setBusy(true);
      try {
        const answer = await packingApi.packLine(current._id, { productId: line.productId, ...body });
        setLoaded({ kind: 'ready', order: answer.data });
        setCounted((now) => ({ ...now, [line.productId as string]: 0 }));
        return true;
      } catch (error) {
        // a scale label the server refused (another product's, or unreadable) sounds like a refused scan
        if ('scaleLabel' in body) refusalBeep();
        setNotice({ tone: 'refused', text: errorText(error) });
        return false;
      } finally {
        setBusy(false);
      }
    },
    [],
  );

  const onScan = useCallback(
    async (typed: string) => {
      const current = orderRef.current;
      if (!current) return;
      const meaning = scanMeaning(typed, current.products);
      // a scale label (issue 34): 13 digits starting with the shop's label prefix, unless a line's barcode is those
      const label = meaning.kind === 'line' ? null : scaleLabelMeaning(typed, current.products, scaleLabelPattern);
      if (label) {
        if (label.kind === 'checkDigit') {
          refusalBeep();
          setNotice({ tone: 'refused', text: t('errors.SCALE_LABEL_INVALID') });
          return;
        }
        if (label.kind === 'line') {
          const name = localName(label.line.product_details, language);
          if (await pack(label.line, { scaleLabel: label.label })) setNotice({ tone: 'ok', text: t('packWeight.labelSaved', { name, weight: formatWeight(label.grams) }) });
          return;
        }
        // no line carries its scale code: it may be a product's own in-store barcode (not in this order)
        try {
          const match = await packingApi.byBarcode(label.label);
          refusalBeep();
          setNotice({ tone: 'refused', text: t('packing.scanNotInOrder', { name: localName(match.data, language) }) });
          return;
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404)) {
            refusalBeep();
            setNotice({ tone: 'refused', text: errorText(error) });
            return;
          }
        }
        // a label of another product: sent for the only weighed line, the server refuses it and the page says why
        if (label.only) {
          if (await pack(label.only, { scaleLabel: label.label })) setNotice({ tone: 'ok', text: t('packWeight.labelSaved', { name: localName(label.only.product_details, language), weight: formatWeight(label.grams) }) });
          return;
        }
        refusalBeep();
        setNotice({ tone: 'refused', text: t('packWeight.labelNoLine') });
        return;
      }
      if (meaning.kind === 'invalid') {
        refusalBeep();
        setNotice({ tone: 'refused', text: meaning.problem === 'checkDigit' ? t('packing.scanCheckDigit', { code: typed }) : t('packing.scanNotBarcode', { code: typed }) });
        return;
      }
      if (meaning.kind === 'line') {
        const { line } = meaning;
        const name = localName(line.product_details, language);
        if (line.found === line.quantity) {
          setNotice({ tone: 'ok', text: t('packing.scanAlreadyFound', { name }) });
          return;
        }
        const count = (counted[line.productId as string] ?? 0) + 1;
        if (count >= line.quantity) {
          if (await pack(line, { found: line.quantity })) setNotice({ tone: 'ok', text: t('packing.scanFoundAll', { name }) });
        } else {
          setCounted((now) => ({ ...now, [line.productId as string]: count }));
          setNotice({ tone: 'ok', text: t('packing.scanCounted', { name, count, quantity: line.quantity }) });
        }
        return;
      }
      try {
        const match = await packingApi.byBarcode(meaning.code);
        refusalBeep();
        setNotice({ tone: 'refused', text: t('packing.scanNotInOrder', { name: localName(match.data, language) }) });
      } catch (error) {
        refusalBeep();
        setNotice({ tone: 'refused', text: error instanceof ApiError && error.status === 404 ? t('packing.scanUnknown', { code: meaning.code }) : errorText(error) });
      }
    },
    [counted, language, pack, scaleLabelPattern, t],
  );

  // A USB scanner types digits then Enter into whatever has the focus: listen on the page, but never take keys
  // typed into a field (the code box below handles its own Enter).
  const buffer = useRef('');
  const scanRef = useRef(onScan);
  scanRef.current = onScan;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (typingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (/^\d$/.test(event.key)) {
        buffer.current += event.key;
        return;
      }
      if (event.key === 'Enter' && buffer.current.length >= MIN_SCAN_DIGITS) {
        event.preventDefault();
        const code = buffer.current;
        buffer.current = '';
        void scanRef.current(code);
        return;
      }
      if (event.key !== 'Shift') buffer.current = '';
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (loaded.kind === 'loading') return <Loading />;
  if (loaded.kind === 'error') {
    return (
      <section className="packing" aria-labelledby="packing-title">
        <h1 id="packing-title">{t('packing.title')}</h1>
        <p role="alert" className="packing__error">
          {loaded.text}
        </p>
        <button type="button" className="button" onClick={() => void reload()}>
          {t('packing.retry')}
        </button>
      </section>
    );
  }
  const current = loaded.order;
  const found = current.products.filter((line) => line.found !== null && line.found !== undefined).length;

  return (
    <section className="packing" aria-labelledby="packing-title">
      <h1 id="packing-title">{t('packing.titleFor', { ref: current.orderId })}</h1>
      <p className="packing__progress">{t('packing.progress', { done: found, count: current.products.length })}</p>
      <p className="packing__total" data-testid="pack-total">
        {current.revision && current.revision > 0 && current.originalTotalAmt !== undefined && current.originalTotalAmt !== current.totalAmt
          ? t('packing.revisedTotal', { from: rupees(current.originalTotalAmt), to: rupees(current.totalAmt) })
          : t('packing.total', { amount: rupees(current.totalAmt) })}
      </p>
      {packing ? null : (
        <p className="packing__error" role="status">
          {t('packing.notPacking', { status: current.order_status })}
        </p>
      )}
      <CodeBox disabled={!packing} onCode={(code) => void onScan(code)} />
      <p className={`packing__notice packing__notice--${notice?.tone ?? 'none'}`} role={notice?.tone === 'refused' ? 'alert' : 'status'} aria-live="polite" data-testid="scan-notice">
        {notice?.text ?? t('packing.scanHint')}
      </p>
      {current.products.length === 0 ? (
        <p>{t('packing.empty')}</p>
      ) : (
        <ul className="packing__lines">
          {current.products.map((line, index) => (
            <PackLine
              key={`${line.productId ?? 'gone'}-${index}`}
              order={current}
              line={line}
              scanned={counted[line.productId ?? ''] ?? 0}
              disabled={!packing || busy || line.productId === null}
              onPack={pack}
              onProposed={(order) => setLoaded({ kind: 'ready', order })}
              onStale={() => void reload()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The always-ready box for a code typed by hand (or by a scanner while it has the focus). */
function CodeBox({ disabled, onCode }: { disabled: boolean; onCode: (code: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    onCode(code.trim());
    setCode('');
  };
  return (
    <form className="packing__code" onSubmit={submit}>
      <label htmlFor={id}>{t('packing.codeLabel')}</label>
      <input id={id} inputMode="numeric" autoComplete="off" value={code} disabled={disabled} onChange={(event) => setCode(event.target.value)} />
      <button type="submit" className="button" disabled={disabled}>
        {t('packing.codeCheck')}
      </button>
    </form>
  );
}

interface PackLineProps {
  order: OrderWire;
  line: OrderLineWire;
  scanned: number;
  disabled: boolean;
  onPack: (line: OrderLineWire, body: PackLineBody) => Promise<boolean>;
  onProposed: (order: OrderWire) => void;
  /** The order changed behind the page (a refusal said so): read it again. */
  onStale: () => void;
}

function PackLine(props: PackLineProps) {
  return props.line.sellBy === 'WEIGHT' ? <WeighedPackLine {...props} /> : <CountedPackLine {...props} />;
}

/**
 * A line sold by weight (issue 34): the weight asked, a grams field for what the scale shows (or its label scanned
 * anywhere on the page), 'Not found' for none. Packed, it shows the weight and the amount the server charged; over
 * the tolerance it waits for the shopper's answer to the heavier weight.
 */
function WeighedPackLine({ order, line, disabled, onPack, onProposed, onStale }: PackLineProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const headingId = useId();
  const inputId = useId();
  const [grams, setGrams] = useState('');
  const [picking, setPicking] = useState(false);
  const name = localName(line.product_details, language);
  const notFound = line.found === 0;
  const weighed = line.weighedGrams ?? null;
  const heavier = proposalFor(order, line.productId, 'HEAVIER');
  const substitute = proposalFor(order, line.productId);
  const max = MAX_WEIGHED_GRAMS;
  // a weight is at least a gram: a line with nothing of it is 'Not found'
  const gramsValid = /^\d+$/.test(grams) && Number(grams) >= 1 && Number(grams) <= max;
  const state = notFound
    ? t('packWeight.stateNotFound')
    : weighed !== null
      ? t('packWeight.stateWeighed', { weight: formatWeight(weighed), amount: wholeRupees(line.lineTotal ?? 0) })
      : t('packWeight.stateToWeigh');
  const heavierText =
    weighed === null || !heavier || heavier.weighedGrams !== weighed
      ? null
      : heavier.status === 'PENDING'
        ? t('packWeight.waitingShopper', { weight: formatWeight(weighed) })
        : heavier.status === 'ACCEPTED'
          ? t('packWeight.heavierAccepted', { weight: formatWeight(weighed) })
          : t('packWeight.heavierCapped', { weight: formatWeight(line.chargedGrams ?? weighed) });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!gramsValid) return;
    if (await onPack(line, { weighedGrams: Number(grams) })) setGrams('');
  };

  return (
    <li className={`pack-line${weighed !== null ? ' pack-line--found' : ''}${notFound ? ' pack-line--short' : ''}`} aria-labelledby={headingId} data-testid="pack-line">
      {line.product_details.image[0] ? <img src={imageAt(line.product_details.image[0], 160)} alt="" width={64} height={64} loading="lazy" /> : <span className="pack-line__noimg" aria-hidden="true" />}
      <div className="pack-line__body">
        <h2 id={headingId} className="pack-line__name">
          {name}
        </h2>
        <p className="pack-line__facts">
          <span>{t('packing.shelf', { shelf: line.product_details.category || '—' })}</span>
          <span data-testid="pack-line-asked">{t('packWeight.asked', { weight: formatWeight(line.grams ?? 0) })}</span>
        </p>
        <p className="pack-line__state" data-testid="pack-line-state">
          {state}
        </p>
        {heavierText ? (
          <p className="pack-line__proposal" data-testid="pack-line-heavier">
            {heavierText}
          </p>
        ) : null}
        {substitute ? (
          <p className="pack-line__proposal" data-testid="pack-line-proposal">
            {t(`packing.proposal.${substitute.status}`, { name: localName(substitute, language), quantity: substitute.quantity })}
          </p>
        ) : null}
        <form className="pack-line__short" onSubmit={(event) => void save(event)}>
          <label htmlFor={inputId}>{t('packWeight.gramsLabel')}</label>
          <input id={inputId} type="number" inputMode="numeric" min={1} max={max} step={1} value={grams} disabled={disabled} onChange={(event) => setGrams(event.target.value)} aria-invalid={grams !== '' && !gramsValid} />
          {grams === '' || gramsValid ? null : <span className="packing__error">{t('packWeight.gramsRange', { max })}</span>}
          <button type="submit" className="button button--primary" aria-label={`${t('packWeight.save')}: ${name}`} disabled={disabled || !gramsValid}>
            {t('packWeight.save')}
          </button>
        </form>
        <div className="pack-line__actions">
          <button type="button" className="button" aria-label={`${t('packWeight.notFound')}: ${name}`} aria-pressed={notFound} disabled={disabled || notFound} onClick={() => void onPack(line, { found: 0 })}>
            {t('packWeight.notFound')}
          </button>
          {notFound && offersSubstitute(line, substitute) ? (
            <button type="button" className="button" aria-label={`${t('packing.chooseSubstitute')}: ${name}`} aria-expanded={picking} disabled={disabled} onClick={() => setPicking((v) => !v)}>
              {t('packing.chooseSubstitute')}
            </button>
          ) : null}
        </div>
        {picking && line.productId !== null ? (
          <SubstitutePicker
            order={order}
            line={line}
            onDone={(updated) => {
              setPicking(false);
              onProposed(updated);
            }}
            onStale={onStale}
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * Whether a short line offers 'Choose a substitute': not when the shopper wants none (the server would refuse it),
 * nor while a substitute waits or is kept.
 */
function offersSubstitute(line: OrderLineWire, proposal: ProposalWire | undefined): boolean {
  if (line.productId === null || line.substitution === 'NONE') return false;
  return !(proposal && proposal.status !== 'DECLINED' && proposal.status !== 'EXPIRED');
}

/** A line sold by the unit (issue 33). */
function CountedPackLine({ order, line, scanned, disabled, onPack, onProposed, onStale }: PackLineProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [shortOpen, setShortOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  const [shortCount, setShortCount] = useState('0');
  const headingId = useId();
  const inputId = useId();
  const name = localName(line.product_details, language);
  const foundAll = line.found === line.quantity;
  const isShort = line.found !== null && line.found !== undefined && line.found < line.quantity;
  const proposal = proposalFor(order, line.productId);
  const state = foundAll ? t('packing.stateFound') : isShort ? t('packing.stateShort', { found: line.found, quantity: line.quantity }) : scanned > 0 ? t('packing.stateScanned', { count: scanned, quantity: line.quantity }) : t('packing.stateToFind');

  const saveShort = async (event: FormEvent) => {
    event.preventDefault();
    const count = Number(shortCount);
    if (!Number.isInteger(count) || count < 0 || count >= line.quantity) return;
    if (await onPack(line, { found: count })) setShortOpen(false);
  };
  const shortValid = /^\d+$/.test(shortCount) && Number(shortCount) < line.quantity;

  return (
    <li className={`pack-line${foundAll ? ' pack-line--found' : ''}${isShort ? ' pack-line--short' : ''}`} aria-labelledby={headingId} data-testid="pack-line">
      {line.product_details.image[0] ? <img src={imageAt(line.product_details.image[0], 160)} alt="" width={64} height={64} loading="lazy" /> : <span className="pack-line__noimg" aria-hidden="true" />}
      <div className="pack-line__body">
        <h2 id={headingId} className="pack-line__name">
          {name}
        </h2>
        <p className="pack-line__facts">
          <span>{t('packing.shelf', { shelf: line.product_details.category || '—' })}</span>
          <span>{t('packing.quantity', { count: line.quantity, unit: line.product_details.unit })}</span>
        </p>
        <p className="pack-line__state" data-testid="pack-line-state">
          {state}
        </p>
        {proposal ? (
          <p className="pack-line__proposal" data-testid="pack-line-proposal">
            {t(`packing.proposal.${proposal.status}`, { name: localName(proposal, language), quantity: proposal.quantity })}
          </p>
        ) : null}
        <div className="pack-line__actions">
          <button type="button" className="button button--primary" aria-label={`${t('packing.found')}: ${name}`} aria-pressed={foundAll} disabled={disabled || foundAll} onClick={() => void onPack(line, { found: line.quantity })}>
            {t('packing.found')}
          </button>
          <button type="button" className="button" aria-label={`${t('packing.short')}: ${name}`} aria-expanded={shortOpen} disabled={disabled} onClick={() => setShortOpen((v) => !v)}>
            {t('packing.short')}
          </button>
          {isShort && offersSubstitute(line, proposal) ? (
            <button type="button" className="button" aria-label={`${t('packing.chooseSubstitute')}: ${name}`} aria-expanded={picking} disabled={disabled} onClick={() => setPicking((v) => !v)}>
              {t('packing.chooseSubstitute')}
            </button>
          ) : null}
        </div>
        {shortOpen ? (
          <form className="pack-line__short" onSubmit={(event) => void saveShort(event)}>
            <label htmlFor={inputId}>{t('packing.howManyFound', { quantity: line.quantity })}</label>
            <input id={inputId} type="number" inputMode="numeric" min={0} max={line.quantity - 1} step={1} value={shortCount} onChange={(event) => setShortCount(event.target.value)} aria-invalid={!shortValid} />
            {shortValid ? null : <span className="packing__error">{t('packing.shortRange', { max: line.quantity - 1 })}</span>}
            <button type="submit" className="button button--primary" disabled={disabled || !shortValid}>
              {t('packing.saveShort')}
            </button>
          </form>
        ) : null}
        {picking && line.productId !== null ? (
          <SubstitutePicker
            order={order}
            line={line}
            onDone={(updated) => {
              setPicking(false);
              onProposed(updated);
            }}
            onStale={onStale}
          />
        ) : null}
      </div>
    </li>
  );
}

/**
 * A proposal's refusal in the clerk's language, naming the substitute or the line: the server's refusals of a
 * proposal carry no names in the languages (an out-of-stock substitute, a line that already has one, a shopper who
 * wants none), so the packing catalogue says them; anything else as every screen says it.
 */
function refusalText(error: unknown, substitute: string, lineName: string, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'OUT_OF_STOCK') {
      const available = (error.data as { available?: unknown } | undefined)?.available;
      return typeof available === 'number' && available > 0 ? t('packing.refusedFewLeft', { name: substitute, count: available }) : t('packing.refusedOutOfStock', { name: substitute });
    }
    if (error.code === 'LINE_HAS_PROPOSAL') return t('packing.refusedHasProposal', { name: lineName });
    if (error.code === 'SUBSTITUTION_NOT_WANTED') return t('packing.refusedNotWanted', { name: lineName });
  }
  return errorText(error);
}

type Choices = { kind: 'loading' } | { kind: 'error'; text: string } | { kind: 'ready'; items: SubstituteWire[] };

/** The substitutes the server suggests for a short line (picture, name, price, stock); pick one and a quantity. */
function SubstitutePicker({ order, line, onDone, onStale }: { order: OrderWire; line: OrderLineWire; onDone: (order: OrderWire) => void; onStale: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [choices, setChoices] = useState<Choices>({ kind: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);
  const missing = Math.max(1, line.quantity - (line.found ?? 0));
  const [quantity, setQuantity] = useState(String(missing));
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const groupName = useId();
  const quantityId = useId();

  const load = useCallback(async () => {
    setChoices({ kind: 'loading' });
    try {
      const answer = await packingApi.substitutes(order._id, line.productId as string);
      setChoices({ kind: 'ready', items: answer.data });
    } catch (error) {
      setChoices({ kind: 'error', text: errorText(error) });
    }
  }, [order._id, line.productId]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const count = Number(quantity);
    if (!chosen || !Number.isInteger(count) || count < 1) return;
    setSending(true);
    setProblem(null);
    try {
      const answer = await packingApi.propose(order._id, line.productId as string, chosen, count);
      onDone(answer.data.order);
    } catch (error) {
      const item = choices.kind === 'ready' ? choices.items.find((c) => c._id === chosen) : undefined;
      setProblem(refusalText(error, item ? localName(item, language) : '', localName(line.product_details, language), t));
      if (error instanceof ApiError && error.code === 'OUT_OF_STOCK') {
        // its stock moved since the list was read: read the list again (the refusal stays said)
        setChosen(null);
        void load();
      }
      // a proposal another packer made (or the line's choice) shows on the line once the order is read again
      if (error instanceof ApiError && (error.code === 'LINE_HAS_PROPOSAL' || error.code === 'SUBSTITUTION_NOT_WANTED')) onStale();
    } finally {
      setSending(false);
    }
  };

  if (choices.kind === 'loading') return <p role="status">{t('packing.substitutesLoading')}</p>;
  if (choices.kind === 'error') {
    return (
      <p role="alert" className="packing__error">
        {choices.text}{' '}
        <button type="button" className="button button--ghost" onClick={() => void load()}>
          {t('packing.retry')}
        </button>
      </p>
    );
  }
  if (choices.items.length === 0) return <p role="status">{t('packing.noSubstitutes')}</p>;
  return (
    <form className="substitutes" onSubmit={(event) => void submit(event)}>
      <fieldset>
        <legend>{t('packing.substitutesFor', { name: localName(line.product_details, language) })}</legend>
        <ul className="substitutes__list">
          {choices.items.map((item) => (
            <li key={item._id}>
              <label className="substitutes__item">
                <input type="radio" name={groupName} value={item._id} checked={chosen === item._id} onChange={() => setChosen(item._id)} />
                {item.image[0] ? <img src={imageAt(item.image[0], 160)} alt="" width={48} height={48} loading="lazy" /> : <span className="pack-line__noimg" aria-hidden="true" />}
                <span className="substitutes__name">{localName(item, language)}</span>
                <span>{rupees(item.price)}</span>
                <span>{t('packing.inStock', { count: item.stock })}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label htmlFor={quantityId}>{t('packing.substituteQuantity')}</label>
      <input id={quantityId} type="number" inputMode="numeric" min={1} max={missing} step={1} value={quantity} onChange={(event) => setQuantity(event.target.value)} />
      {problem ? (
        <p role="alert" className="packing__error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={sending || chosen === null}>
        {t('packing.propose')}
      </button>
    </form>
  );
}
