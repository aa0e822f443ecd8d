import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { TEXT } from '@kade/shared';
import { sessionCheckedAtom, userAtom } from '../../../state/atoms';
import { AccountLinks } from './account-menu';
import './account.css';
import { Loading } from '../../../components/loading';

/** /user: the phone's account menu as a page ('Login' when nobody is logged in). */
export default function UserMenuPage() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  return (
    <section className="page-text user-menu">
      <h1>{TEXT.myAccount}</h1>
      {!checked ? (
        <Loading />
      ) : user ? (
        <nav className="user-menu__links" aria-label="Account">
          <AccountLinks />
        </nav>
      ) : (
        <p>
          <Link to="/login" className="button button--primary">
            Login
          </Link>
        </p>
      )}
    </section>
  );
}
