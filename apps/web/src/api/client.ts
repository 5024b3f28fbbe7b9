// The one way the explorer talks to the API: bearer token from the session, the spec's error body turned into
// ApiFailure, a 401 on an authenticated call ends the session (expired or revoked token).
import { currentSession, setSession } from './session';

/** One entry of the spec's error body. */
export interface ApiErrorEntry {
  context: string;
  message: string;
}

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errors: ApiErrorEntry[],
  ) {
    super(errors.map((e) => e.message).join('; ') || `HTTP ${status}`);
  }
}

/** Raised (and the session dropped) when the server no longer accepts the session token. */
export class SessionExpired extends ApiFailure {}

export interface RequestOptions {
  method?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A raw body (file upload): sent as is with this content type. */
  raw?: { body: Blob | ArrayBuffer | string; contentType: string };
  signal?: AbortSignal;
  /** Calls made before signing in (login) carry no token and do not end the session on 401. */
  anonymous?: boolean;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

/** Sends a request and returns the parsed JSON body (undefined for 204), or throws ApiFailure. */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const session = currentSession();
  if (!options.anonymous && session) headers.Authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (options.raw) {
    headers['Content-Type'] = options.raw.contentType;
    body = options.raw.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(apiUrl(path, options.query), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!response.ok) throw failureFromResponse(response.status, text, !options.anonymous && session !== null);
  return parseJson(text) as T;
}

/**
 * The failure a non-2xx answer stands for, from its status and body text (fetch here, XMLHttpRequest for uploads).
 * A 401 on a call that carried the session token ends the session (expired or revoked) and is SessionExpired.
 */
export function failureFromResponse(status: number, bodyText: string, carriedSession: boolean): ApiFailure {
  const errors = errorEntries(parseJson(bodyText), status);
  if (status === 401 && carriedSession) {
    // Only a session still held ends: a request still on its way after a logout must not call that an expiry.
    if (currentSession()) setSession(null, 'expired');
    return new SessionExpired(401, errors);
  }
  return new ApiFailure(status, errors);
}

/** `request` for the usual `{ data: ... }` envelope. */
export async function getData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await request<{ data: T }>(path, options);
  return body.data;
}

/** The body as JSON; undefined when empty or not JSON (a proxy's error page). */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function errorEntries(body: unknown, status: number): ApiErrorEntry[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(errors)) {
    return errors.map((e) => ({ context: String((e as ApiErrorEntry).context ?? ''), message: String((e as ApiErrorEntry).message ?? '') }));
  }
  // No error body: the status stands in (failure-message.ts words it for people).
  return [{ context: '', message: `HTTP ${status}` }];
}
