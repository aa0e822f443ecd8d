// The login's steps apart from the screen: ask the server, keep the session, and empty the form (SPEC.md section 4:
// 'Login clears the typed number after success'). A refused login throws, and the form keeps what was typed.

/** What the login form holds. */
export interface LoginForm {
  mobile: string;
  password: string;
}

/** The form after a successful login: the typed number and password gone. */
export const EMPTY_LOGIN: LoginForm = { mobile: '', password: '' };

/**
 * Logs in with the typed number and password: `login` asks the server, `signIn` keeps the session it answers (and
 * the number, to pre-fill the next login). Answers the signed-in user and the form as it is now.
 */
export async function logIn<Tokens, User>(
  typed: LoginForm,
  steps: { login: (typed: LoginForm) => Promise<Tokens>; signIn: (tokens: Tokens, mobile: string) => Promise<User> },
): Promise<{ user: User; form: LoginForm }> {
  const tokens = await steps.login(typed);
  const user = await steps.signIn(tokens, typed.mobile);
  return { user, form: EMPTY_LOGIN };
}
