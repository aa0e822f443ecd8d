import { DEVICE_COOKIE, endpointUrl, ENDPOINTS, type AnswerOf, type CallArgs, type Endpoint } from '@kade/shared';

/**
 * The counter app's calls to the shop server, as the signed-in staff member: login, a single-flight token
 * refresh on 401 with one retry, and the order list. It returns results and errors; it decides nothing.
 */
export interface Session {
  accessToken: string;
  refreshToken: string;
}

export class ServerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ServerError';
  }
}

interface Envelope<T> {
  success: boolean;
  message: string;
  code?: string;
  data: T;
}

/** An answer's `data`, or its refusal as a ServerError. */
async function answerOf<T>(response: Response): Promise<T> {
  const parsed = (await response.json()) as Envelope<T>;
  if (!response.ok || !parsed.success) throw new ServerError(response.status, parsed.code ?? 'ERROR', parsed.message);
  return parsed.data;
}

/** The device cookie's value among an answer's Set-Cookie headers (a cookie at most 200 characters, as the server's). */
export function deviceCookieOf(setCookies: readonly string[]): string | undefined {
  for (const header of setCookies) {
    const [pair = ''] = header.split(';');
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== DEVICE_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    if (/^[\w.-]{1,200}$/.test(value)) return value;
  }
  return undefined;
}

export class ServerApi {
  private refreshing: Promise<void> | undefined;

  constructor(
    readonly baseUrl: string,
    private session: Session | undefined,
    private readonly onSession: (session: Session | undefined) => void = () => undefined,
  ) {}

  get accessToken(): string | undefined {
    return this.session?.accessToken;
  }

  get refreshToken(): string | undefined {
    return this.session?.refreshToken;
  }

  /**
   * Signs in. `device`: the device cookie this computer was given at its last login to the account, sent back so
   * that past the number's failure ceiling (strangers guessing its password) the counter still signs in, on a
   * budget of its own. Answers the device cookie given now, to keep for the next login.
   */
  async login(mobile: string, password: string, device?: string): Promise<string | undefined> {
    const login = ENDPOINTS.account.login;
    const response = await this.send(login.method.toUpperCase(), endpointUrl(login), { mobile, password }, device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {});
    const body = await answerOf<AnswerOf<typeof login>>(response);
    this.setSession({ accessToken: body.accesstoken, refreshToken: body.refreshToken });
    return deviceCookieOf(response.headers.getSetCookie());
  }

  /** Renews the access token once for every caller waiting on it (single flight). */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      const refreshToken = this.session?.refreshToken;
      if (!refreshToken) throw new ServerError(401, 'REFRESH_MISSING', 'Please sign in again.');
      const { method, path } = ENDPOINTS.account.refresh;
      const response = await fetch(`${this.baseUrl}${path}`, { method: method.toUpperCase(), headers: { authorization: `Bearer ${refreshToken}` } });
      const body = (await response.json()) as Envelope<{ accessToken: string; refreshToken: string }>;
      if (!response.ok) {
        this.setSession(undefined);
        throw new ServerError(response.status, body.code ?? 'REFRESH_FAILED', body.message);
      }
      this.setSession({ accessToken: body.data.accessToken, refreshToken: body.data.refreshToken });
    })().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Calls an endpoint of `ENDPOINTS` (@kade/shared) and answers its declared `data`: its method and path, a body of
   * its schema's input type, its query. `retryOn401` false: no refresh (the session's own calls, and before one).
   */
  async call<E extends Endpoint>(e: E, input?: CallArgs<E>[0], retryOn401 = true): Promise<AnswerOf<E>> {
    const given = input as { body?: unknown; query?: unknown; params?: Record<string, string> } | undefined;
    return this.request<AnswerOf<E>>(e.method.toUpperCase(), endpointUrl(e, given), given?.body, retryOn401);
  }

  /** One request by method and path (the raw HTTP surface: what `call` sends, and what tests send on purpose). */
  async request<T>(method: string, path: string, body?: unknown, retryOn401 = true): Promise<T> {
    const response = await this.send(method, path, body);
    if (response.status === 401 && retryOn401 && this.session) {
      await this.refresh();
      return this.request(method, path, body, false);
    }
    return answerOf<T>(response);
  }

  /** Sends one request: a JSON body, the session's access token, and any `extra` headers (login's device cookie). */
  private send(method: string, path: string, body: unknown, extra: Record<string, string> = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.session ? { authorization: `Bearer ${this.session.accessToken}` } : {}),
        ...extra,
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
  }

  private setSession(session: Session | undefined): void {
    this.session = session;
    this.onSession(session);
  }
}
