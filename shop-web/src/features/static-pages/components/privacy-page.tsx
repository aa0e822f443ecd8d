import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { POLICY } from '@kade/shared';
import { useShopConfig } from '../../../lib/shop-config';
import { useShopperDateTime } from '../../../lib/shop-clock';
import { ContactBlock } from './contact-block';
import { EnglishOnlyNote } from './english-only-note';
import './static-pages.css';

/** The policy's effective date: 22 May 2025, shown in the shop's zone. */
const EFFECTIVE = '2025-05-22T00:00:00+05:30';

/** /privacy-policy. */
export default function PrivacyPage() {
  const config = useShopConfig();
  const { t } = useTranslation();
  const title = t('pages.privacy');
  useEffect(() => {
    document.title = title;
  }, [title]);
  const effective = useShopperDateTime().date(EFFECTIVE);
  return (
    <article className="page-text" aria-labelledby="privacy-title">
      <h1 id="privacy-title">{title}</h1>
      <EnglishOnlyNote />
      <p>{t('pages.effectiveDate', { date: effective })}</p>
      <div lang="en">
        <p>This policy explains what {config.name} learns about you when you shop with us, why, and the choices you have.</p>
        <h2>Information we collect</h2>
        <p>Your name, your mobile number, the delivery addresses you save with their map location, your orders and cart, and basic technical details such as your device type and the time of each visit.</p>
        <h2>How we use it</h2>
        <p>To create your account, take and deliver your orders, contact you about them, prevent fraud, keep the service secure and improve what we offer.</p>
        <h2>Who we share it with</h2>
        <p>With the seller who fills your order and the delivery partner who brings it, only as much as they need; with service providers that host our systems under contract; and with authorities when the law requires it. We do not sell your information.</p>
        <h2>Cookies and local storage</h2>
        <p>We keep small pieces of data in your browser or app to keep you signed in and remember your cart. They are not used for advertising.</p>
        <h2>Signing in with your mobile number</h2>
        <p>Your account is tied to your mobile number. We may send a one-time code to it to confirm that the number is yours or to reset your password. We will never ask you to tell us that code.</p>
        <h2>Security</h2>
        <p>Passwords are stored only in a protected, scrambled form, connections are encrypted, and access to customer data is limited to staff who need it.</p>
        <h2>How long we keep it</h2>
        <p>We keep your account data while your account is open, and order records for as long as tax and accounting laws require. After that they are deleted or made anonymous.</p>
        <h2>Your rights</h2>
        <p>You may ask to see, correct or delete your information, or withdraw a consent you gave. Contact us using the details below; we answer within a reasonable time.</p>
        <h2>Minimum age</h2>
        <p>The service is meant for people aged {POLICY.minimumAge} or over. We do not knowingly collect information from anyone younger.</p>
        <h2>International transfers</h2>
        <p>Some of our providers may process data outside Sri Lanka. When they do, we require them to protect it to the standard of this policy.</p>
        <h2>Changes to this policy</h2>
        <p>We may update this policy and will show the new effective date here. Important changes will be pointed out in the app.</p>
        <h2>Contact</h2>
        <p>Questions about your privacy go to our support team:</p>
      </div>
      <ContactBlock />
    </article>
  );
}
