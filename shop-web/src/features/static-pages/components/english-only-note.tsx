import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../state/language';

/**
 * On a policy page whose text is the English one in force: to a shopper reading Sinhala or Tamil, in their
 * language, that the page is in English (the text itself is marked `lang="en"`). Nothing for English readers.
 */
export function EnglishOnlyNote() {
  const { t } = useTranslation();
  if (useLanguage() === 'en') return null;
  return (
    <p className="page-text__note" role="note">
      {t('pages.englishOnly')}
    </p>
  );
}
