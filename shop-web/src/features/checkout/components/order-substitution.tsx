import { useTranslation } from 'react-i18next';
import type { CartLine } from '../../../state/atoms';
import { useCartActions } from '../../../state/cart-actions';
import { commonChoice, SUBSTITUTION_CHOICES } from '../../../state/substitution-choice';

/**
 * Checkout's "If something is out of stock: …" (issue 33): one choice that sets every line of the order (saved on
 * the cart's lines and sent with the order). It shows the choice every line shares (Similar item for a cart
 * nobody changed); when the lines differ none is ticked and each keeps its own until one is picked here.
 */
export function OrderSubstitution({ lines }: { lines: readonly CartLine[] }) {
  const { t } = useTranslation();
  const { setSubstitution } = useCartActions();
  const shared = commonChoice(lines);
  return (
    <fieldset className="checkout__options checkout__substitution" aria-describedby="substitution-hint">
      <legend>
        <h2>{t('substitution.orderTitle')}</h2>
      </legend>
      <p id="substitution-hint" className="checkout__substitution-hint">
        {shared === null ? t('substitution.mixed') : t('substitution.orderHint')}
      </p>
      <div className="checkout__substitution-choices">
        {SUBSTITUTION_CHOICES.map((choice) => (
          <label key={choice.value} className={`choice${shared === choice.value ? ' choice--on' : ''}`}>
            <input type="radio" name="order-substitution" value={choice.value} checked={shared === choice.value} onChange={() => void setSubstitution(lines, choice.value)} />
            <span className="choice__text">
              <strong>{t(choice.key)}</strong>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
