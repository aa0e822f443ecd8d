import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from '../../../components/language-switch';
import { sessionCheckedAtom, userAtom } from '../../../state/atoms';
import { AccountLinks } from './account-menu';
import './account.css';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';

/** /user: the phone's account menu as a page ('Login' when nobody is logged in), with the language switch. */
export default function UserMenuPage() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const { t } = useTranslation();
  return (
    <section className="page-text user-menu">
      <h1>{t('account.myAccount')}</h1>
      <LanguageSwitch variant="buttons" />
      {!checked ? (
        <Loading />
      ) : user ? (
        <nav className="user-menu__links" aria-label={t('account.account')}>
          <AccountLinks />
        </nav>
      ) : (
        <p>
          <Link to={paths.login} className="button button--primary">
            {t('account.login')}
          </Link>
        </p>
      )}
    </section>
  );
}
