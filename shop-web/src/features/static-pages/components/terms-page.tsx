import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { POLICY } from '@kade/shared';
import { useShopConfig } from '../../../lib/shop-config';
import { ContactBlock } from './contact-block';
import { EnglishOnlyNote } from './english-only-note';
import './static-pages.css';
import { paths } from '../../../lib/paths';

interface Section {
  title: string;
  body: ReactNode;
}

function sections(name: string): Section[] {
  return [
    { title: 'About these terms', body: `These terms govern your use of ${name}, its app and its website. By creating an account or placing an order you accept them. If you do not agree, please do not use the service.` },
    { title: 'What we are', body: `${name} is an online marketplace operating in Sri Lanka. We provide a venue where buyers and independent sellers meet; we are not ourselves the seller of the goods listed unless we say so on the product.` },
    { title: 'Third-party sellers', body: 'Products are offered by third-party sellers. Each seller is responsible for the quality, safety, labelling and legality of what it sells, and for the accuracy of its product information.' },
    { title: 'Delivery partners', body: 'Orders are carried by independent delivery partners. They work as contractors and are not our employees or agents; they decide how to perform the delivery within the standards we set.' },
    { title: 'Eligibility', body: `You must be at least ${POLICY.minimumAge} years old, or have reached the age of legal majority where you live, and be able to enter a binding contract.` },
    { title: 'Your account', body: 'You sign in with your mobile number and a password. Keep your password to yourself; you are responsible for what is done through your account. Tell us at once if you think someone else has used it.' },
    { title: 'Where we deliver', body: 'We deliver only within selected locations in Sri Lanka. Whether an address can be served is checked when you save it and again when you order.' },
    { title: 'Prices', body: 'All prices are in Sri Lankan Rupees (LKR) and include the taxes the seller must charge. The shop shows amounts as Rs. with two decimals. A price may change until the moment your order is confirmed.' },
    { title: 'Product information', body: 'Pictures are for illustration. Packaging, colour or size may differ slightly from the picture as makers change their designs; read the label of the product you receive before using it.' },
    { title: 'Placing an order', body: 'An order is an offer to buy. It is accepted when the store confirms it. We may decline or cancel an order, for example when an item is out of stock, the address is outside our area or the price shown was clearly wrong.' },
    { title: 'Payment', body: 'Orders are paid in cash on delivery. Card payment will be announced when it is available. Please have the exact amount ready when you can.' },
    { title: 'Delivery times', body: 'Delivery times shown in the app are estimates. Traffic, weather and busy hours can delay an order; we will tell you when a delay is expected.' },
    { title: 'Cancelling an order', body: 'You may cancel an order until it has been packed. Once it is packed it can no longer be cancelled.' },
    { title: 'Returns', body: 'Delivered products cannot be returned, except when they arrive damaged, defective or expired, when the wrong item was delivered, or when the product’s own policy allows a return. Please send a picture or video as proof when you report it.' },
    { title: 'Expired products', body: 'If an expired product was sold to you by mistake, we accept it back after inspecting it and replace or refund it.' },
    { title: 'Digital goods', body: 'Gift cards, vouchers and other digital goods cannot be returned or refunded.' },
    { title: 'Refunds', body: `Approved refunds are processed within ${POLICY.refundWorkingDays} working days of approval, in LKR only.` },
    { title: 'Promotional codes', body: `A promotional code given as a refund for a cash-on-delivery order expires ${POLICY.codRefundPromoExpiryDays} days after it is issued. Other promotional codes expire ${POLICY.promoExpiryDays} days after they are issued. Codes have no cash value.` },
    { title: 'Complaints', body: 'Our complaints officer is available Monday to Sunday, 9:00 AM to 5:00 PM. Use the contact details at the end of these terms.' },
    { title: 'Users outside Sri Lanka', body: 'If your mobile number is registered outside Sri Lanka, you must give a Sri Lankan phone number for the person receiving the order. Cash on delivery may not be offered to you; international cards may be accepted when card payment is available.' },
    {
      title: 'Your privacy',
      body: (
        <>
          How we collect and use your information is explained in our <Link to={paths.privacy}>Privacy Policy</Link>, which forms part of these terms.
        </>
      ),
    },
    { title: 'Staying safe', body: 'We will never ask you for a one-time password, a card’s CVV, a PIN or a card number, by phone, message or e-mail. Never share them with anyone claiming to be from us. Calls with our team may be recorded for quality and safety.' },
    { title: 'Prohibited items and use', body: 'Illegal substances and any goods whose sale is forbidden by law are prohibited. You may not use the service for unlawful purposes, to resell in bulk without our consent, or to interfere with its working.' },
    { title: 'Reviews and content', body: 'Anything you send us, such as feedback or pictures, must be lawful and your own. You allow us to use it to run and improve the service.' },
    { title: 'Intellectual property', body: `The app, the website, their design and the ${name} name belong to us or our licensors. You may use them only to shop with us.` },
    { title: 'Availability of the service', body: 'We try to keep the service running at all times but cannot promise that it will be free of interruptions or errors. We may change or pause features when needed.' },
    { title: 'Limitation of liability', body: 'To the extent the law allows, our liability for any claim connected with an order is limited to the amount you paid for that order. We are not liable for indirect or consequential loss.' },
    { title: 'Indemnity', body: 'You agree to compensate us for losses caused by your breach of these terms or your misuse of the service.' },
    { title: 'Suspension', body: 'We may suspend or close an account that breaks these terms, abuses offers or puts our staff or partners at risk.' },
    { title: 'Events beyond our control', body: 'We are not responsible for delays or failures caused by events we cannot reasonably control, such as floods, strikes, power cuts or curfews.' },
    { title: 'Changes to these terms', body: 'We may update these terms. The version in the app when you place an order applies to that order; we will point out important changes.' },
    { title: 'Governing law', body: 'These terms are governed by the laws of Sri Lanka, and the courts of Colombo, Sri Lanka have jurisdiction over any dispute.' },
    { title: 'Severability', body: 'If a part of these terms cannot be enforced, the rest remains in force.' },
  ];
}

/** The year the terms' footer reserves its rights for (SPEC.md: 'all rights reserved 2025'): the terms' own date, not today's. */
const RIGHTS_YEAR = 2025;

/** /terms-and-conditions: sections numbered straight through, the privacy section linking to /privacy-policy. */
export default function TermsPage() {
  const config = useShopConfig();
  const { t } = useTranslation();
  const title = t('pages.terms');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <article className="page-text" aria-labelledby="terms-title">
      <h1 id="terms-title">{title}</h1>
      <EnglishOnlyNote />
      <ol className="terms" lang="en">
        {sections(config.name).map((section, i) => (
          <li key={section.title}>
            <h2>
              {i + 1}. {section.title}
            </h2>
            <p>{section.body}</p>
          </li>
        ))}
      </ol>
      <h2>{t('pages.contactUs')}</h2>
      <ContactBlock />
      <p className="page-text__footnote" lang="en">
        © {RIGHTS_YEAR} {config.name}. All rights reserved.
      </p>
    </article>
  );
}
