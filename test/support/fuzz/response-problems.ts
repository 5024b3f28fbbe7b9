import type { RawResponse } from './raw-http.js';

/** Signs of internals in a body: stack frames and source or install paths. */
const INTERNALS: [RegExp, string][] = [
  [/\n\s+at \S/, 'a stack trace'],
  [/\bat [\w.<>$]+ \((?:file:\/\/)?\/[^)]*:\d+:\d+\)/, 'a stack frame'],
  [/node_modules|\/dist\/|\/libs\/[\w-]+\/src\/|\.[jt]s:\d+:\d+/, 'a source path'],
];

/**
 * What is wrong with an answer to a malformed request: a 5xx, no RequestID, a 4xx without the error body
 * `{http_status, timestamp, request_id, errors: [{context, message}]}`, internals or one of `secrets` in the body.
 */
export function responseProblems(res: RawResponse, secrets: readonly string[]): string[] {
  const problems: string[] = [];
  const requestId = res.headers.requestid;
  const text = res.body.toString('utf8');
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (typeof requestId !== 'string' || requestId === '') problems.push('no RequestID header');
  if (res.status >= 400 && res.status < 500) {
    const envelope = envelopeProblem(text, res.status, requestId);
    if (envelope) problems.push(envelope);
  }
  for (const [pattern, what] of INTERNALS) if (pattern.test(text)) problems.push(`${what} in the body`);
  if (secrets.some((secret) => secret !== '' && text.includes(secret))) problems.push('a secret in the body');
  return problems;
}

function envelopeProblem(text: string, status: number, requestId: unknown): string | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return 'no error body (not JSON)';
  }
  if (body === null || typeof body !== 'object') return 'no error body (not an object)';
  if (body.http_status !== status) return `error body http_status ${String(body.http_status)}`;
  if (typeof body.timestamp !== 'string' || Number.isNaN(Date.parse(body.timestamp))) return 'error body without a timestamp';
  if (body.request_id !== requestId) return 'error body request_id differs from the RequestID header';
  const errors = body.errors;
  if (!Array.isArray(errors) || errors.length === 0) return 'error body without errors';
  const malformed = errors.some((e: { context?: unknown; message?: unknown }) =>
    typeof e?.context !== 'string' || typeof e?.message !== 'string' || e.message === '');
  return malformed ? 'error body with a malformed error' : undefined;
}
