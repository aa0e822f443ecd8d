import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isSubstitutionPreference } from '@kade/shared';
import type { CartLine } from '../../../state/atoms';
import { useCartActions } from '../../../state/cart-actions';
import { isLocalLine } from '../../../state/local-cart';
import { lineChoice, SUBSTITUTION_CHOICES } from '../../../state/substitution-choice';

/**
 * A cart line's "If out of stock": Similar item, Ask me or Remove it, saved on the line at once (issue 33). A
 * select, so it takes one short row on a 360 px phone; its label names the product for a screen reader.
 */
export function SubstitutionSelect({ line, name }: { line: CartLine; name: string }) {
  const { t } = useTranslation();
  const { setSubstitution } = useCartActions();
  const id = useId();
  // a phone's cart is not in an account yet: the choice is made once it is (the server remembers the last one)
  if (isLocalLine(line)) return null;
  return (
    <div className="cart-line__choice">
      <label htmlFor={id}>
        {t('substitution.label')}
      </label>
      <select
        id={id}
        aria-label={t('substitution.labelNamed', { name })}
        value={lineChoice(line)}
        onChange={(event) => {
          const value = event.target.value;
          if (isSubstitutionPreference(value)) void setSubstitution([line], value);
        }}
      >
        {SUBSTITUTION_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {t(choice.key)}
          </option>
        ))}
      </select>
    </div>
  );
}
