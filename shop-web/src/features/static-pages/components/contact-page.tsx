import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactBlock } from './contact-block';
import './static-pages.css';

/** /contact. */
export default function ContactPage() {
  const { t } = useTranslation();
  const title = t('pages.contactUs');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <article className="page-text" aria-labelledby="contact-title">
      <h1 id="contact-title">{title}</h1>
      <p>{t('pages.contactText')}</p>
      <ContactBlock />
    </article>
  );
}
