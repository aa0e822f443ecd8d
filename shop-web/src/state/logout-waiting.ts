// A logout made with no network (issue 37 item 5). The phone forgets the session at once, but the server still holds
// it, and the session's cookies (httpOnly: out of the shop's reach) still name the shopper to every call the phone
// makes. So the logout is remembered (it is kept at logout, kept-at-logout.ts) and sent when the network is back
// (app/offline-sync.tsx), which ends the session on the server and clears the cookies. A sign-in before that replaces
// the cookies with the new session's, and the waiting logout is dropped: it must never end the new one.
import { ENDPOINTS } from '@kade/shared';
import { ApiError, call, tokens } from '../lib/api-client';

export const LOGOUT_WAITING_KEY = 'kadeLogoutWaiting';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const logoutWaiting = {
  waiting(): boolean {
    return store()?.getItem(LOGOUT_WAITING_KEY) === '1';
  },
  remember(): void {
    try {
      store()?.setItem(LOGOUT_WAITING_KEY, '1');
    } catch {
      // storage full or blocked: the session ends when its tokens expire
    }
  },
  forget(): void {
    store()?.removeItem(LOGOUT_WAITING_KEY);
  },
  /** Sends the waiting logout, if any; kept for later only when the network failed again. */
  async send(): Promise<void> {
    if (!this.waiting()) return;
    if (tokens.access() || tokens.refresh()) {
      this.forget();
      return;
    }
    try {
      await call(ENDPOINTS.account.logout);
      this.forget();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) this.forget();
    }
  },
};
