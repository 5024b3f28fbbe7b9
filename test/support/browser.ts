// The explorer's browser tests: Debian's chromium driven by playwright-core (never a downloaded browser), software
// WebGL through ANGLE on SwiftShader, and a page that records everything that went wrong so a test can assert that
// nothing did: console errors, uncaught exceptions, Content-Security-Policy violations, failed requests and error
// answers from the app's own origin (those a test expects are allowed by name).
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { SampleData } from '@app/analysis';
import { CHROMIUM, CHROMIUM_ARGS } from '../../bench/web/chromium.mjs';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';

// The globals of the page, for the callbacks run there by page.evaluate (the tests' tsconfig has no DOM library).
declare const window: any, document: any;

// One launch recipe for the tests and bench:web: root in a closed network, no sandbox, nothing that phones home,
// WebGL in software (ANGLE on SwiftShader; never --disable-gpu).
export { CHROMIUM, CHROMIUM_ARGS };

/** Launches Debian's chromium headless (playwright gives each launch a fresh user-data-dir). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: the browser tests need Debian's chromium (apt-get install -y chromium)`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** An error answer (or failed request) a test expects: method and path (a RegExp on the path + query) and status. */
export interface AllowedFailure {
  method?: string;
  path: RegExp;
  status?: number;
}

export interface RecordedPage {
  context: BrowserContext;
  page: Page;
  /** What went wrong, one line each; a test asserts it stays empty (`expectNoProblems`). */
  problems: string[];
  /** Every URL the page requested, in order. */
  requests: string[];
  /** CSP violations the page reported (securitypolicyviolation events), also counted in `problems`. */
  cspViolations: string[];
  /** Allows error answers the test provokes on purpose (a wrong password, a revoked session); returns its undo. */
  allow(failure: AllowedFailure): () => void;
  close(): Promise<void>;
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  allowed?: AllowedFailure[];
}

/**
 * A new context (CSP enforced, fresh storage) with one page on `origin`, recording problems from the first
 * request on. Navigate with page.goto yourself.
 */
export async function openPage(browser: Browser, origin: string, options: OpenPageOptions = {}): Promise<RecordedPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  const cspViolations: string[] = [];
  const allowed = [...(options.allowed ?? [])];
  const own = (url: string) => url.startsWith(`${origin}/`) || url === origin;
  const isAllowed = (method: string, url: string, status: number | undefined) => {
    const path = own(url) ? url.slice(origin.length) : url;
    return allowed.some((a) => (a.method === undefined || a.method === method) && a.path.test(path) && (a.status === undefined || a.status === status));
  };

  // The page's own report of each violation (the console error Chromium prints for it is recorded as well).
  await context.exposeBinding('__pathwardenTestCsp', (_source, line: string) => {
    cspViolations.push(line);
    problems.push(`CSP violation: ${line}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event: { violatedDirective: string; blockedURI: string; sourceFile: string; lineNumber: number }) => {
      const report = window.__pathwardenTestCsp;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });

  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A fetch answered 4xx/5xx also logs "Failed to load resource": the response handler below judges those.
    if (/^Failed to load resource: the server responded with a status of \d+/.test(message.text())) return;
    problems.push(`console error: ${message.text()} (${message.location().url}:${message.location().lineNumber})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
  page.on('request', (request) => {
    requests.push(request.url());
    if (!own(request.url()) && !request.url().startsWith('data:') && !request.url().startsWith('blob:')) {
      problems.push(`request to another origin: ${request.method()} ${request.url()}`);
    }
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    // A request the app cancelled itself (type-ahead superseded, page left) is no failure.
    if (error === 'net::ERR_ABORTED') return;
    if (own(request.url()) && !isAllowed(request.method(), request.url(), undefined)) {
      problems.push(`request failed: ${request.method()} ${request.url()}: ${error}`);
    }
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status < 400 || !own(response.url())) return;
    const method = response.request().method();
    if (!isAllowed(method, response.url(), status)) problems.push(`HTTP ${status}: ${method} ${response.url()}`);
  });

  return {
    context,
    page,
    problems,
    requests,
    cspViolations,
    allow: (failure) => {
      allowed.push(failure);
      return () => void allowed.splice(allowed.indexOf(failure), 1);
    },
    close: () => context.close(),
  };
}

/** Fails with every recorded problem listed (and clears them, so one failure does not cascade into the next test). */
export function takeProblems(recorded: RecordedPage): string[] {
  return recorded.problems.splice(0);
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string; html: string }[];
}

/**
 * Runs axe-core on the page as it stands and returns the serious and critical violations, printed readably.
 * axe is evaluated through the DevTools protocol, which the page's CSP does not govern (an injected <script> would
 * be refused), so the page under test keeps its policy enforced; a violation axe caused would be recorded.
 */
export async function seriousAxeViolations(page: Page, what: string): Promise<string[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.html.slice(0, 200)}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`).join('\n')}`);
}

/** The real app (test-app.ts) listening on an ephemeral loopback port, so a browser can load it. */
export interface ServedApp {
  t: TestApp;
  origin: string;
  close(): Promise<void>;
}

export async function serveTestApp(options: TestAppOptions = {}): Promise<ServedApp> {
  const t = await createTestApp(options);
  const server = t.app.getHttpServer() as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    t,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      // Keep-alive sockets of the browser would hold the server open.
      (server as Server & { closeAllConnections?: () => void }).closeAllConnections?.();
      await t.close();
    },
  };
}

/** Ingests and analyses the bundled sample data (assets/sample-data/ad_sampledata.zip) into the app's database. */
export async function loadSampleData(t: TestApp): Promise<void> {
  const outcome = await t.app.get(SampleData).load();
  if (!outcome.loaded) throw new Error(`sample data not loaded: ${outcome.reason} (the app needs SAMPLE_DATA=true)`);
  const failed = outcome.files.filter((file) => file.errors.length > 0);
  if (failed.length > 0) throw new Error(`sample data files failed: ${failed.map((f) => `${f.fileName}: ${f.errors.join('; ')}`).join(', ')}`);
}
