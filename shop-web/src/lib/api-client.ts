// The one API client (DESIGN.md section 4): same base address, cookies sent, the bearer access token from
// storage, and on a 401 one single-flight refresh followed by one retry. It returns answers and throws
// ApiError; it never touches the screens (they decide what to show, usually through showError).
import { endpointUrl, ENDPOINTS, isErrorCode, type AnswerOf, type CallArgs, type Endpoint, type ErrorCode, type ExtrasOf } from '@kade/shared';
import { STORAGE_KEYS } from './ui-constants';
import { webConfig } from './web-config';
import { paths } from './paths';
import { noteServerDate } from './server-clock';
import { isCatalogueRead, keepPostedRead, keptPostedRead } from './catalogue-reads';
import { FROM_CACHE_HEADER, noteNetwork, noteNoNetwork } from './network-state';

/**
 * The code of a failed call: one of the server's (the shared ERROR_CODES), or NETWORK when no answer came. NETWORK
 * is the client's own and stays out of the shared list: the server never answers it and it has no HTTP status.
 */
export type ApiErrorCode = ErrorCode | 'NETWORK';

/** A failed call: the HTTP status, the server's stable code and its message for people. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode | undefined,
    readonly field: string | null | undefined,
    /** What a refusal the screen can act on carries (the server's totals on TOTALS_CHANGED, the stock left). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A successful envelope: `data` plus whatever the route puts beside it (page counts). */
export type Answer<T, X = Record<string, unknown>> = { success: true; error: false; message: string; data: T } & X;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

const REFRESH_PATH = ENDPOINTS.account.refresh.path;
// a 401 from these is the answer itself: renewing the session would not change it
const NO_REFRESH = new Set<string>([REFRESH_PATH, ENDPOINTS.account.login.path, ENDPOINTS.account.logout.path]);

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export const tokens = {
  access: (): string | null => storage()?.getItem(STORAGE_KEYS.accessToken) ?? null,
  refresh: (): string | null => storage()?.getItem(STORAGE_KEYS.refreshToken) ?? null,
  save(access: string, refresh?: string): void {
    storage()?.setItem(STORAGE_KEYS.accessToken, access);
    if (refresh) storage()?.setItem(STORAGE_KEYS.refreshToken, refresh);
  },
  clear(): void {
    storage()?.removeItem(STORAGE_KEYS.accessToken);
    storage()?.removeItem(STORAGE_KEYS.refreshToken);
  },
};

async function readBody(response: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

async function send(method: Method, path: string, body: Sent, bearer: string | null, extra: Record<string, string> = {}, credentials: RequestCredentials = 'include'): Promise<Response> {
  const headers: Record<string, string> = { ...extra, accept: 'application/json' };
  // Form data (file uploads) sets its own multipart content type.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const response = await fetch(`${webConfig.apiBase}${path}`, {
    method,
    headers,
    credentials,
    body: body === undefined ? null : isForm ? body : JSON.stringify(body),
  });
  // the server's clock, for countdowns that end by it (lib/server-clock.ts): only from an answer with the session,
  // which is never stored (Cache-Control: no-store), since a public read the browser kept carries an old Date
  if (bearer) noteServerDate(response.headers.get('date'));
  // an answer from the service worker's cache tells whether the browser was offline ('offline') or nothing ('stale')
  const fromCache = response.headers.get(FROM_CACHE_HEADER);
  if (fromCache === 'offline') noteNoNetwork();
  else if (!fromCache) noteNetwork();
  return response;
}

let refreshing: Promise<boolean> | null = null;

/** Renews the access token once for every caller waiting on a 401 at the same time. */
function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const refreshToken = tokens.refresh();
  if (!refreshToken) return Promise.resolve(false);
  refreshing = (async () => {
    try {
      const response = await send('POST', REFRESH_PATH, undefined, refreshToken);
      const body = await readBody(response);
      const data = body?.data as { accessToken?: string; refreshToken?: string } | undefined;
      if (!response.ok || !data?.accessToken) return false;
      tokens.save(data.accessToken, data.refreshToken);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function failure(response: Response, body: Record<string, unknown> | null): ApiError {
  const message = typeof body?.message === 'string' && body.message !== '' ? body.message : `Request failed (${response.status}).`;
  return new ApiError(message, response.status, isErrorCode(body?.code) ? body.code : undefined, body?.field as string | null | undefined, body?.data);
}

type Sent = Record<string, unknown> | FormData | undefined;

/** One request with the session: on a 401, one shared refresh and one retry (not for the session's own calls). */
async function sendWithSession(method: Method, path: string, body: Sent, headers: Record<string, string> | undefined): Promise<Response> {
  try {
    const response = await send(method, path, body, tokens.access(), headers);
    if (response.status === 401 && !NO_REFRESH.has(path.split('?')[0] ?? path) && (await refreshSession())) {
      return await send(method, path, body, tokens.access(), headers);
    }
    return response;
  } catch {
    throw noNetwork();
  }
}

function noNetwork(): ApiError {
  noteNoNetwork();
  return new ApiError('The shop cannot be reached. Please check your connection.', 0, 'NETWORK', null);
}

/**
 * A public catalogue read (lib/catalogue-reads.ts): sent without the session, so its answer is everyone's and may
 * be kept; one sent as POST gives its last kept answer back when the network fails.
 */
async function readCatalogue(method: Method, url: string, body: Sent): Promise<Record<string, unknown> | null> {
  let response: Response;
  try {
    response = await send(method, url, body, null, {}, 'omit');
  } catch {
    const kept = method === 'POST' ? await keptPostedRead(url, body) : undefined;
    if (kept) {
      noteNoNetwork();
      return kept;
    }
    throw noNetwork();
  }
  const parsed = await readBody(response);
  if (!response.ok || !parsed || parsed.error === true || parsed.success === false) throw failure(response, parsed);
  if (method === 'POST') void keepPostedRead(url, body, parsed); // never throws; the answer need not wait for it
  return parsed;
}

/**
 * Calls an endpoint of `ENDPOINTS` (@kade/shared): its method and path, a body of its schema's input type, and the
 * answer it declares. Resolves with the envelope on success; throws ApiError on a failure or an `error: true`
 * answer. On a 401, one shared refresh of the session and one retry.
 */
export async function call<E extends Endpoint>(e: E, ...[input]: CallArgs<E>): Promise<Answer<AnswerOf<E>, ExtrasOf<E>>> {
  const given = input as { body?: Sent; query?: unknown; params?: Record<string, string>; headers?: Record<string, string> } | undefined;
  const response = await sendWithSession(e.method.toUpperCase() as Method, endpointUrl(e, given), given?.body, given?.headers);
  const parsed = await readBody(response);
  if (!response.ok || !parsed || parsed.error === true || parsed.success === false) throw failure(response, parsed);
  return parsed as Answer<AnswerOf<E>, ExtrasOf<E>>;
}

/** Whether this page is the dashboard's, whose staff must see the catalogue as it is now (the worker skips it too). */
function onDashboard(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith(paths.dashboard.root);
}

/**
 * A public catalogue read for the shop's pages (lib/catalogue-reads.ts), as `call` answers it but without the session
 * and kept for browsing offline. On the dashboard (its pickers share the shop's catalogue state), and for any other
 * endpoint, it is `call`: fresh, with the session, never kept.
 */
export async function callCatalogue<E extends Endpoint>(e: E, ...[input]: CallArgs<E>): Promise<Answer<AnswerOf<E>, ExtrasOf<E>>> {
  if (!isCatalogueRead(e) || onDashboard()) return call(e, ...([input] as CallArgs<E>));
  const given = input as { body?: Sent; query?: unknown; params?: Record<string, string> } | undefined;
  return (await readCatalogue(e.method.toUpperCase() as Method, endpointUrl(e, given), given?.body)) as Answer<AnswerOf<E>, ExtrasOf<E>>;
}

/**
 * Downloads a file an endpoint answers (the day report's CSV) with the same session as `call`: its bytes and the
 * name from its Content-Disposition. Throws ApiError as `call` does.
 */
export async function callFile<E extends Endpoint & { file: true }>(e: E, ...[input]: CallArgs<E>): Promise<{ blob: Blob; fileName: string }> {
  const response = await sendWithSession('GET', endpointUrl(e, input as { query?: unknown } | undefined), undefined, undefined);
  if (!response.ok) throw failure(response, await readBody(response));
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return { blob: await response.blob(), fileName: named?.[1] ?? 'download' };
}

/** For tests: forget a refresh in flight. */
export function resetApiClientForTests(): void {
  refreshing = null;
}
