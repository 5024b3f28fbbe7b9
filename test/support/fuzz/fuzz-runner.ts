import { requestDigest } from '@app/auth';
import { requestDate, type ApiTokenKey } from '../auth.js';
import { operationName } from './openapi-operations.js';
import type { FuzzCase } from './fuzz-cases.js';
import type { FuzzFixtures } from './fuzz-fixtures.js';
import { sendRaw, type RawResponse } from './raw-http.js';
import { responseProblems } from './response-problems.js';

/** A case whose answer broke a rule. */
export interface FuzzFailure {
  fuzzCase: FuzzCase;
  status: number | 'no answer';
  problems: string[];
  body: string;
}

/** Runs cases one at a time against the app listening on `port`, collecting every failure. */
export class FuzzRunner {
  constructor(
    private readonly port: number,
    private readonly fixtures: FuzzFixtures,
    private readonly secrets: () => string[],
  ) {}

  async run(cases: readonly FuzzCase[]): Promise<FuzzFailure[]> {
    const failures: FuzzFailure[] = [];
    let sessionRefused = false;
    for (const [i, c] of cases.entries()) {
      const res = await this.send(c).catch((error: Error) => error);
      if (res instanceof Error) {
        failures.push({ fuzzCase: c, status: 'no answer', problems: [res.message], body: '' });
      } else {
        const problems = responseProblems(res, this.secrets());
        if (problems.length > 0) failures.push({ fuzzCase: c, status: res.status, problems, body: res.body.toString('utf8') });
        sessionRefused ||= c.sender === 'authenticated' && res.status === 401;
      }
      const next = cases[i + 1];
      if (sessionRefused && (!next || next.op !== c.op)) {
        sessionRefused = false;
        const lost = await this.sessionLost();
        if (lost) failures.push({ fuzzCase: c, status: 401, problems: [`the administrator's session ended during ${operationName(c.op)}`], body: '' });
      }
    }
    return failures;
  }

  /** Whether the administrator's session no longer works; a new one replaces it so the run goes on. */
  private async sessionLost(): Promise<boolean> {
    const self = await sendRaw(this.port, 'GET', '/api/v2/self', { Authorization: `Bearer ${this.fixtures.adminSession}` });
    if (self.status === 200) return false;
    this.fixtures.adminSession = await this.fixtures.relogin();
    return true;
  }

  private async send(c: FuzzCase): Promise<RawResponse> {
    return sendRaw(this.port, c.op.method, c.path, { ...(await this.credentials(c)), ...c.headers }, c.body);
  }

  private async credentials(c: FuzzCase): Promise<Record<string, string>> {
    const { fixtures } = this;
    switch (c.sender) {
      case 'as given':
        return {};
      case 'own session':
        return { Authorization: `Bearer ${await fixtures.relogin()}` };
      case 'signed by the admin token':
        return signature(fixtures.adminToken, c, requestDate());
      case 'admin token, this RequestDate':
        return signature(fixtures.adminToken, c, c.headers.RequestDate);
      case 'admin token, this Signature':
        return { ...signature(fixtures.adminToken, c, requestDate()), Signature: c.headers.Signature };
      case 'authenticated':
        return c.op.security === 'signature only'
          ? signature(fixtures.clientToken, c, requestDate())
          : { Authorization: `Bearer ${fixtures.adminSession}` };
    }
  }
}

/** The headers of a request signed with `token` over the case's exact path and body bytes. */
function signature(token: ApiTokenKey, c: FuzzCase, date: string): Record<string, string> {
  const digest = requestDigest(token.key, c.op.method, c.path, date, c.body ?? Buffer.alloc(0));
  return { Authorization: `bhesignature ${token.id}`, RequestDate: date, Signature: digest.toString('base64') };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/** One message for all failures: counts by problem, then each failure with its request and answer. */
export function describeFailures(failures: readonly FuzzFailure[], sent: number, limit = 200): string {
  const counts = new Map<string, number>();
  for (const f of failures) {
    for (const problem of f.problems) {
      const key = problem.replace(/during .*/, 'during an operation');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const lines = failures.slice(0, limit).map(({ fuzzCase: c, ...f }) =>
    `${c.op.method} ${clip(c.path, 160)} [${clip(c.label, 80)}; ${c.sender}] → ${f.status}: ${f.problems.join(', ')}\n    ${clip(f.body.replace(/\s+/g, ' '), 300)}`);
  return [
    `${failures.length} of ${sent} requests answered wrongly:`,
    ...[...counts].map(([problem, n]) => `  ${n} × ${problem}`),
    ...lines,
    ...(failures.length > limit ? [`… and ${failures.length - limit} more`] : []),
  ].join('\n');
}
