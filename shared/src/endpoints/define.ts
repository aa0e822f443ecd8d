// How an endpoint of the API is declared (issue 32 item 1): once, here in shared/, and read by the server (which
// mounts a route for it), the web's `call`, the counter app's server client and the bench.
import type { z } from 'zod';
import type { Permission } from '../permissions';
import type { reportQuerySchema } from '../report';
import type * as sharedSchemas from '../schemas';

/**
 * Who may call an endpoint: anyone, any signed-in account (acting on what is its own), or a named permission of
 * the role table (permissions.ts). Every endpoint says; the server refuses at start a route whose rule it does
 * not know.
 */
export type Access = 'public' | 'user' | Permission;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

declare const ANSWER_TYPE: unique symbol;

/** Carries an answer's type and nothing else: every marker is the same empty object at run time. */
export interface AnswerType<T> {
  readonly [ANSWER_TYPE]?: T;
}

const MARKER: AnswerType<never> = Object.freeze({});

/** The type of an endpoint's `data` (or of the fields beside it, for `extras`), written `answer<OrderWire>()`. */
export function answer<T>(): AnswerType<T> {
  return MARKER as AnswerType<T>;
}

/** The names of a path's parameters: `'/api/x/:id/:line'` gives `'id' | 'line'`. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a call gives for a path's parameters: `{ id: string }` for '/api/x/:id', nothing for a fixed path. */
export type ParamsOf<P extends string> = [ParamNames<P>] extends [never] ? undefined : Record<ParamNames<P>, string>;

type Schema = z.ZodType<unknown, unknown>;

/** The shared schemas by name (types only: naming one costs a client nothing at run time). */
export type SchemaTable = {
  [K in keyof typeof sharedSchemas as (typeof sharedSchemas)[K] extends Schema ? K : never]: (typeof sharedSchemas)[K];
} & { reportQuerySchema: typeof reportQuerySchema };

/** A body or query schema: a shared schema by its name (what ENDPOINTS use), or a schema itself (a test's own). */
export type SchemaRef = (keyof SchemaTable & string) | Schema;

type Resolved<S> = S extends keyof SchemaTable ? SchemaTable[S] : S;

export interface EndpointSpec<P extends string, B extends SchemaRef | undefined, Q extends SchemaRef | undefined, A, X> {
  method: HttpMethod;
  /** The path; ':name' segments are parameters a call must give. */
  path: P;
  /** Other paths answered the same (the spec's misspelt product route and its right spelling). */
  aliases?: readonly string[];
  access: Access;
  /** The shared schema the JSON body must pass, by name (the server parses with it; clients send its input type). */
  body?: B;
  /** The shared schema of the query string, by name. */
  query?: Q;
  /** The type of the envelope's `data`. */
  answer: AnswerType<A>;
  /** The fields the envelope carries beside `data` (a page's counts). */
  extras?: AnswerType<X>;
  /** A raw upload: the body is multipart form data with the file in this field (the JSON parser leaves it alone). */
  upload?: string;
  /** The answer is a file to download (the day's report as CSV), not the envelope. */
  file?: true;
}

/** One endpoint: a declaration above, with its types kept. */
export interface Endpoint<
  P extends string = string,
  B extends SchemaRef | undefined = SchemaRef | undefined,
  Q extends SchemaRef | undefined = SchemaRef | undefined,
  A = unknown,
  X = unknown,
> extends EndpointSpec<P, B, Q, A, X> {
  readonly [ENDPOINT_KIND]: true;
}

declare const ENDPOINT_KIND: unique symbol;

/**
 * Declares an endpoint; at run time it is the object as written. Its access rule and upload field keep their
 * literal types, so the server's fast lane can refuse by type an endpoint that is not a plain public read.
 */
export function endpoint<
  P extends string,
  A,
  X = Record<never, never>,
  B extends SchemaRef | undefined = undefined,
  Q extends SchemaRef | undefined = undefined,
  C extends Access = Access,
  U extends string | undefined = undefined,
  F extends true | undefined = undefined,
>(spec: EndpointSpec<P, B, Q, A, X> & { access: C; upload?: U; file?: F }): Endpoint<P, B, Q, A, X> & Declared<C, U, F> {
  return spec as Endpoint<P, B, Q, A, X> & Declared<C, U, F>;
}

/** What an endpoint keeps of its declaration's literal types: its access rule, its upload field, whether it answers a file. */
type Declared<C extends Access, U extends string | undefined, F extends true | undefined> = { readonly access: C } & ([U] extends [string]
  ? { readonly upload: U }
  : { readonly upload?: undefined }) &
  ([F] extends [true] ? { readonly file: true } : { readonly file?: undefined });

/** A schema's input with the keys that take anything (a value read by a preprocessing step) optional, as the schema allows. */
type ClientInput<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & { [K in keyof T as unknown extends T[K] ? never : K]: T[K] }
    : T;

type SchemaInput<S> = Resolved<S> extends Schema ? ClientInput<z.input<Resolved<S>>> : undefined;
type SchemaOutput<S> = Resolved<S> extends Schema ? z.output<Resolved<S>> : undefined;

/** The type of an endpoint's `data`. */
export type AnswerOf<E> = E extends Endpoint<string, SchemaRef | undefined, SchemaRef | undefined, infer A, unknown> ? A : never;
/** The fields an endpoint's envelope carries beside `data`. */
export type ExtrasOf<E> = E extends Endpoint<string, SchemaRef | undefined, SchemaRef | undefined, unknown, infer X> ? X : never;
/** The body a client sends (the schema's input: optional fields may be left out). */
export type BodyOf<E> = E extends Endpoint<string, infer B, SchemaRef | undefined, unknown, unknown> ? SchemaInput<B> : never;
/** The query a client sends. */
export type QueryOf<E> = E extends Endpoint<string, SchemaRef | undefined, infer Q, unknown, unknown> ? SchemaInput<Q> : never;
/** The body as the server's handler gets it, parsed (defaults filled in). */
export type ParsedBodyOf<E> = E extends Endpoint<string, infer B, SchemaRef | undefined, unknown, unknown> ? SchemaOutput<B> : never;
/** The query as the server's handler gets it, parsed. */
export type ParsedQueryOf<E> = E extends Endpoint<string, SchemaRef | undefined, infer Q, unknown, unknown> ? SchemaOutput<Q> : never;
/** The path parameters a call gives. */
export type PathParamsOf<E> = E extends Endpoint<infer P> ? ParamsOf<P> : never;

/** An endpoint's method as HTTP writes it ('POST'). */
export function methodOf(e: Pick<Endpoint, 'method'>): Uppercase<HttpMethod> {
  return e.method.toUpperCase() as Uppercase<HttpMethod>;
}

/** Every path an endpoint answers on: its path, then its aliases. */
export function pathsOf(e: Pick<Endpoint, 'path' | 'aliases'>): string[] {
  return [e.path, ...(e.aliases ?? [])];
}

/** An endpoint's path with its ':name' parameters filled in (each encoded). */
export function pathWith(path: string, params: Readonly<Record<string, string>> | undefined): string {
  if (!params) return path;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`The path ${path} needs its parameter '${name}'.`);
    return encodeURIComponent(value);
  });
}

type Given<T> = [T] extends [undefined] ? false : true;

/**
 * What a client gives to call endpoint E: the body its schema takes (form data for an upload; nothing, or `{}`,
 * for an endpoint without one), its query, its path parameters, and extra headers (an Idempotency-Key).
 */
export type CallInput<E extends Endpoint> = (E extends { upload: string }
  ? { body: FormData }
  : Given<BodyOf<E>> extends true
    ? { body: BodyOf<E> }
    : { body?: Record<string, never> }) &
  (Given<QueryOf<E>> extends true ? { query?: QueryOf<E> } : { query?: undefined }) &
  (ParamsOf<E['path']> extends undefined ? { params?: undefined } : { params: ParamsOf<E['path']> }) & { headers?: Record<string, string> };

/** A client's arguments after the endpoint: the input, which may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> = Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The address of a call, after the server's base: the path with its parameters filled in, then the query's defined values in the order given. */
export function endpointUrl(e: Pick<Endpoint, 'path'>, input?: { query?: unknown; params?: Readonly<Record<string, string>> }): string {
  const path = pathWith(e.path, input?.params);
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) query.set(key, String(value as string | number | boolean));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** A group of endpoints by area (`ENDPOINTS.cart`), or the whole map. */
export interface EndpointMap {
  readonly [name: string]: Endpoint | EndpointMap;
}

/** Every endpoint of a map, with its dotted name ('cart.add'). */
export function listEndpoints(map: EndpointMap, prefix = ''): Array<{ name: string; endpoint: Endpoint }> {
  return Object.entries(map).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    return isEndpoint(value) ? [{ name, endpoint: value }] : listEndpoints(value, name);
  });
}

function isEndpoint(value: Endpoint | EndpointMap): value is Endpoint {
  return typeof (value as { path?: unknown }).path === 'string' && typeof (value as { method?: unknown }).method === 'string';
}
