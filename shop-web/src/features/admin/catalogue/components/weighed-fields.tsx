// How a product or variation is sold (issue 34): 'Sold by' Each or Weight, and for Weight its step, minimum and
// maximum in grams and its scale code. The server checks the rule (shared weighedRuleProblem) and the scale code's
// digits and owner; what it refuses is shown under the field it names, as what the form's own check finds.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { scaleLabelLayout, DEFAULT_SCALE_LABEL_PATTERN, type SellBy } from '@kade/shared';
import { useShopConfig } from '../../../../lib/shop-config';
import { typedNumber } from '../api/catalogue-admin-api';
import type { FieldProblem } from '../hooks/use-catalogue-form';

/** The selling fields as the form holds them: the numbers and the code as typed. */
export interface WeighedFormFields {
  sellBy: SellBy;
  stepGrams: string;
  minGrams: string;
  maxGrams: string;
  /** Blank for none. */
  scaleCode: string;
}

/** The fields of how it is sold that a refusal may name. */
export const WEIGHED_FIELDS = ['sellBy', 'stepGrams', 'minGrams', 'maxGrams', 'scaleCode'] as const;

/**
 * What the form sends of how it is sold: sold each, no grams and no scale code (an edit clears them); by weight,
 * the grams as typed (a blank box is missing, so the schema names it) and the code, null when blank.
 */
export function weighedBody(form: WeighedFormFields) {
  if (form.sellBy === 'EACH') return { sellBy: 'EACH' as const, scaleCode: null };
  return {
    sellBy: 'WEIGHT' as const,
    stepGrams: typedNumber(form.stepGrams),
    minGrams: typedNumber(form.minGrams),
    maxGrams: typedNumber(form.maxGrams),
    scaleCode: form.scaleCode.trim() === '' ? null : form.scaleCode.trim(),
  };
}

/** The digits of a scale code in the shop's label pattern (5 for the default). */
function useScaleCodeDigits(): number {
  const { scaleLabelPattern } = useShopConfig();
  return (scaleLabelLayout(scaleLabelPattern) ?? scaleLabelLayout(DEFAULT_SCALE_LABEL_PATTERN))?.codeLength ?? 5;
}

/** 'Sold by: Each / Weight', two radio buttons. */
export function SoldByField({ value, onChange }: { value: SellBy; onChange: (sellBy: SellBy) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="cat-fieldset">
      <legend>{t('weighedAdmin.soldBy')}</legend>
      <div className="cat-toggles">
        {(['EACH', 'WEIGHT'] as const).map((option) => (
          <label key={option} className="cat-check">
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            {t(option === 'EACH' ? 'weighedAdmin.each' : 'weighedAdmin.weight')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function GramsField({
  label,
  value,
  onChange,
  problem,
  hint,
  inputMode = 'numeric',
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string;
  hint?: string;
  inputMode?: 'numeric';
  maxLength?: number;
}) {
  const id = useId();
  const said = problem || hint;
  return (
    <div className="cat-field">
      <label htmlFor={id} className="cat-field__label">
        {label}
      </label>
      <input
        id={id}
        className="cat-input"
        inputMode={inputMode}
        autoComplete="off"
        {...(maxLength === undefined ? {} : { maxLength })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem !== ''}
        {...(said ? { 'aria-describedby': `${id}-said` } : {})}
      />
      {said ? (
        // not an alert of its own: the form's problem above Submit, or the refusal's toast, is announced
        <span id={`${id}-said`} className={problem ? 'cat-problem' : 'cat-field__hint'}>
          {said}
        </span>
      ) : null}
    </div>
  );
}

/** Step, Minimum, Maximum (grams) and Scale code, shown only for a product sold by weight. */
export function WeighedGramsFields({
  value,
  onChange,
  problem,
}: {
  value: WeighedFormFields;
  onChange: (change: Partial<WeighedFormFields>) => void;
  /** What is wrong, from the form's check or the server; shown under its field when it names one of these. */
  problem: FieldProblem | null;
}) {
  const { t } = useTranslation();
  const digits = useScaleCodeDigits();
  if (value.sellBy !== 'WEIGHT') return null;
  const on = (field: (typeof WEIGHED_FIELDS)[number]) => (problem && problem.field === field ? problem.message : '');
  return (
    <div className="cat-row">
      <GramsField label={t('weighedAdmin.stepGrams')} value={value.stepGrams} onChange={(stepGrams) => onChange({ stepGrams })} problem={on('stepGrams')} />
      <GramsField label={t('weighedAdmin.minGrams')} value={value.minGrams} onChange={(minGrams) => onChange({ minGrams })} problem={on('minGrams')} />
      <GramsField label={t('weighedAdmin.maxGrams')} value={value.maxGrams} onChange={(maxGrams) => onChange({ maxGrams })} problem={on('maxGrams')} />
      <GramsField
        label={t('weighedAdmin.scaleCode', { digits })}
        value={value.scaleCode}
        onChange={(scaleCode) => onChange({ scaleCode })}
        problem={on('scaleCode')}
        hint={t('weighedAdmin.scaleCodeHint')}
        maxLength={digits}
      />
    </div>
  );
}
