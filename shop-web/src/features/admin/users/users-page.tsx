// /dashboard/sign — Users: list and search accounts, create one for a customer who phones in, change a
// role, disable and re-enable. The server guards the last active admin and says so; its message is shown. Disabling
// asks first (issue 36: no one-tap accidents); the server still decides.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { isValidMobile, ROLE_LABELS, ROLES, TEXT, USERS_PAGE_SIZE, type Role } from '@kade/shared';
import { usersApi } from './api/users-api';
import { showError } from '../../../lib/show-error';
import { useFormatDateTime } from '../../../lib/shop-clock';
import './users.css';
import { SearchBox } from '../../../components/search-box';
import { Loading } from '../../../components/loading';
import { useDebounced } from '../../../lib/use-debounced';

interface AdminUser {
  _id: string;
  name: string;
  mobile: string;
  role: string;
  status: string;
  last_login_date: string;
  createdAt: string;
}

type UserPage = { users: AdminUser[]; total: number; page: number; totalPage: number };



/** The accounts the form makes: a customer who phones in, or a delivery partner (issue 20). Staff and admins are made by changing a role. */
const CREATE_AS = [
  { role: 'USER', label: 'Customer' },
  { role: 'RIDER', label: 'Rider (delivery partner)' },
] as const satisfies readonly { role: Role; label: string }[];

/** 'Create account' for a customer on the phone or a rider: name and mobile; the password is generated unless typed. */
function CreateAccount({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Role>('USER');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState('');
  const [problem, setProblem] = useState('');
  const titleId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setResult('');
    if (!isValidMobile(mobile)) {
      setProblem(TEXT.mobileInvalid);
      return;
    }
    setProblem('');
    setSaving(true);
    try {
      const answer = await usersApi.create({ name, mobile, ...(password ? { password } : {}) });
      // A rider is an account given the Rider role; if that second step fails the account stays a customer, and the message says so.
      let said = answer.message;
      if (role !== 'USER') {
        try {
          await usersApi.setRole({ _id: answer.data.user._id, role });
          said = `${said} Role: ${ROLE_LABELS[role]}.`;
        } catch (error) {
          showError(error);
          said = `${said} The role could not be set: change it in the list below.`;
        }
      }
      setResult(said);
      setName('');
      setMobile('');
      setPassword('');
      onCreated();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="panel users-create" aria-labelledby={titleId}>
      <h2 id={titleId}>Create account</h2>
      <form className="users-create__form" onSubmit={(event) => void submit(event)} noValidate>
        <label className="dash-field">
          <span>Name</span>
          <input type="text" value={name} required autoComplete="off" onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="dash-field">
          <span>Mobile number</span>
          <input
            type="tel"
            inputMode="numeric"
            value={mobile}
            required
            maxLength={10}
            autoComplete="off"
            aria-invalid={problem !== ''}
            aria-describedby={problem ? 'create-mobile-error' : undefined}
            onChange={(event) => setMobile(event.target.value.replace(/\D/g, '').slice(0, 10))}
          />
        </label>
        <label className="dash-field">
          <span>Account for</span>
          <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            {CREATE_AS.map((option) => (
              <option key={option.role} value={option.role}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="dash-field">
          <span>Password (leave empty to make one up)</span>
          <input type="text" value={password} autoComplete="new-password" onChange={(event) => setPassword(event.target.value)} />
        </label>
        {problem ? (
          <p id="create-mobile-error" className="form-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={saving || name.trim() === '' || mobile === ''}>
          Create account
        </button>
      </form>
      {result ? (
        <p className="users-create__result" role="status">
          {result}
        </p>
      ) : null}
    </section>
  );
}

/** The words of the disable confirmation (issue 36). */
export const DISABLE_TEXT = {
  title: (name: string) => `Disable ${name}?`,
  body: 'They are signed out at once and cannot sign in or order until the account is enabled again.',
  keep: 'Keep active',
  confirm: (name: string) => `Disable ${name}`,
} as const;

/** 'Disable Nimal?': a modal dialog naming the account; Escape or Keep active closes it and nothing is sent. */
function DisableDialog({ name, onConfirm, onClose }: { name: string; onConfirm: () => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="dash-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dash-dialog__form">
        <h2 id={titleId}>{DISABLE_TEXT.title(name)}</h2>
        <p id={bodyId}>{DISABLE_TEXT.body}</p>
        <div className="dash-dialog__actions">
          <button type="button" className="button button--ghost" autoFocus onClick={onClose}>
            {DISABLE_TEXT.keep}
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm}>
            {DISABLE_TEXT.confirm(name)}
          </button>
        </div>
      </div>
    </dialog>
  );
}

function UserRow({ user, onChanged }: { user: AdminUser; onChanged: (user: AdminUser) => void }) {
  const format = useFormatDateTime();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  async function change(send: () => ReturnType<typeof usersApi.setRole>) {
    setBusy(true);
    try {
      const answer = await send();
      toast.success(answer.message);
      onChanged({ ...user, ...answer.data });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  const disabled = user.status === 'Disabled';
  return (
    <tr className={disabled ? 'users-row users-row--disabled' : 'users-row'}>
      <th scope="row">{user.name}</th>
      <td>{user.mobile}</td>
      <td>
        <select aria-label={`Role of ${user.name}`} value={user.role} disabled={busy} onChange={(event) => void change(() => usersApi.setRole({ _id: user._id, role: event.target.value as Role }))}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </td>
      <td>{user.status}</td>
      <td>{user.last_login_date ? format(user.last_login_date) : '-'}</td>
      <td>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy}
          aria-label={`${disabled ? 'Enable' : 'Disable'} ${user.name}`}
          onClick={() => (disabled ? void change(() => usersApi.setStatus({ _id: user._id, status: 'Active' })) : setConfirming(true))}
        >
          {disabled ? 'Enable' : 'Disable'}
        </button>
        {confirming ? (
          <DisableDialog
            name={user.name}
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false);
              void change(() => usersApi.setStatus({ _id: user._id, status: 'Disabled' }));
            }}
          />
        ) : null}
      </td>
    </tr>
  );
}

export default function UsersPage() {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), 300);
  const [data, setData] = useState<UserPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);

  const fetchPage = useCallback(
    (page: number) => {
      return usersApi.list({ page, limit: USERS_PAGE_SIZE, ...(search ? { search } : {}) });
    },
    [search],
  );

  const load = useCallback(async () => {
    try {
      setData((await fetchPage(1)).data);
      setFailed(false);
    } catch (error) {
      setFailed(true);
      showError(error);
    }
  }, [fetchPage]);

  useEffect(() => {
    void load();
  }, [load]);

  async function more() {
    if (!data) return;
    setLoadingMore(true);
    try {
      const next = (await fetchPage(data.page + 1)).data;
      setData({ ...next, users: [...data.users, ...next.users.filter((u) => !data.users.some((d) => d._id === u._id))] });
    } catch (error) {
      showError(error);
    } finally {
      setLoadingMore(false);
    }
  }

  const replace = (user: AdminUser) => setData((d) => (d ? { ...d, users: d.users.map((u) => (u._id === user._id ? user : u)) } : d));

  return (
    <section className="users-page" aria-labelledby="users-title">
      <h1 id="users-title">Users</h1>
      <CreateAccount onCreated={() => void load()} />
      <SearchBox className="users-page__search" label="Search by name or mobile" value={query} onChange={setQuery} />
      {!data && !failed ? (
        <Loading />
      ) : null}
      {failed && !data ? (
        <p className="empty" role="alert">
          {TEXT.somethingWentWrong}
        </p>
      ) : null}
      {data ? (
        <>
          <p className="users-page__count">{data.total} users</p>
          {data.users.length === 0 ? (
            <p className="empty">{TEXT.noDataFound}</p>
          ) : (
            <div className="users-table-wrap">
              <table className="users-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Mobile</th>
                    <th scope="col">Role</th>
                    <th scope="col">Status</th>
                    <th scope="col">Last login</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((user) => (
                    <UserRow key={user._id} user={user} onChanged={replace} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {data.page < data.totalPage ? (
            <button type="button" className="button button--ghost" disabled={loadingMore} onClick={() => void more()}>
              {loadingMore ? TEXT.loadingMore : 'Show more'}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
