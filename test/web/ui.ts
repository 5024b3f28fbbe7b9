// Steps through the explorer as a person would, by the accessible names of the UI contract (docs: /work/web-brief.md
// "The UI contract"), and the comparisons of what the renderer holds with what the API answers.
import type { Page } from 'playwright-core';
import type { TestApp } from '../support/test-app.js';
import { bearer } from '../support/auth.js';

// The globals of the page, for the callbacks run there by page.evaluate (the tests' tsconfig has no DOM library).
declare const window: any;

/** Hang guard of one wait: tests never fail on timing, only on a UI that never gets there. */
export const WAIT_MS = 90_000;

/**
 * Polls `probe` until it returns without throwing (every 100 ms, at most `timeoutMs`); then throws its last error,
 * prefixed with `what`. For waits on the app's state that a locator cannot express (renderer, storage).
 */
export async function eventually<T>(what: string, probe: () => Promise<T> | T, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Fills the sign-in form and submits it. */
export async function signIn(page: Page, user: string, password: string): Promise<void> {
  await page.getByLabel('User name', { exact: true }).fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Explore is usable: its sidebar's tabs are there. */
export async function waitForExplore(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Search', exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
}

/** Opens a sidebar tab of Explore. */
export async function openTab(page: Page, name: 'Search' | 'Pathfinding' | 'Cypher'): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
}

/** Types into a type-ahead (search, start or end node) and chooses the option whose text contains `name`. */
export async function chooseFromTypeAhead(page: Page, label: string, name: string): Promise<void> {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(name);
  const option = page.getByRole('option').filter({ hasText: name }).first();
  await option.waitFor({ state: 'visible', timeout: WAIT_MS });
  await option.click();
}

/** The node panel's heading, once the panel shows `name`. */
export async function waitForNodePanel(page: Page, name: string): Promise<void> {
  await page.getByRole('complementary', { name: 'Node details' }).getByRole('heading', { level: 2, name, exact: true })
    .waitFor({ state: 'visible', timeout: WAIT_MS });
}

export interface RendererView {
  nodes: { id: string; label: string; x: number; y: number }[];
  edges: { source: string; target: string; kind: string }[];
  lastDrawMs: number | null;
  error: string | null;
}

/** window.__pathwarden.renderer() (null while no graph view is mounted). */
export async function rendererView(page: Page): Promise<RendererView | null> {
  return page.evaluate(() => {
    const hooks = window.__pathwarden as { renderer(): RendererView | null } | undefined;
    if (!hooks) throw new Error('window.__pathwarden is missing');
    return hooks.renderer();
  });
}

/** A graph as sets: node ids, and edges as "source|kind|target". */
export interface GraphSets {
  nodes: string[];
  edges: string[];
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

export function rendererSets(view: RendererView): GraphSets {
  return { nodes: sorted(view.nodes.map((n) => n.id)), edges: sorted(view.edges.map((e) => `${e.source}|${e.kind}|${e.target}`)) };
}

/** The graph of an API answer (`data.nodes` keyed by id, `data.edges`), either wire format. */
export function apiSets(body: { data: { nodes: Record<string, unknown>; edges: { source: string; target: string; kind?: string; label?: string }[] } }): GraphSets {
  return {
    nodes: sorted(Object.keys(body.data.nodes)),
    edges: sorted(body.data.edges.map((e) => `${e.source}|${e.kind ?? e.label}|${e.target}`)),
  };
}

/** The graph of an entity list asked with type=graph (the legacy map: nodes by id, edges as rel_<id> {id1, id2}). */
export function legacyGraphSets(body: Record<string, { id1?: string | number; id2?: string | number; label: { text: string } }>): GraphSets {
  const entries = Object.entries(body);
  return {
    nodes: sorted(entries.filter(([key]) => !key.startsWith('rel_')).map(([key]) => key)),
    edges: sorted(entries.filter(([key]) => key.startsWith('rel_')).map(([, e]) => `${e.id1}|${e.label.text}|${e.id2}`)),
  };
}

/** Waits until the renderer holds exactly `expected` (throws with the difference if it never does). */
export async function waitForRendererGraph(page: Page, expected: GraphSets, what: string): Promise<RendererView> {
  return eventually(`the renderer never held ${what}`, async () => {
    const view = await rendererView(page);
    if (!view) throw new Error('renderer() is null');
    if (view.error) throw new Error(`renderer error: ${view.error}`);
    const actual = rendererSets(view);
    const missing = { nodes: expected.nodes.filter((n) => !actual.nodes.includes(n)), edges: expected.edges.filter((e) => !actual.edges.includes(e)) };
    const extra = { nodes: actual.nodes.filter((n) => !expected.nodes.includes(n)), edges: actual.edges.filter((e) => !expected.edges.includes(e)) };
    if (missing.nodes.length + missing.edges.length + extra.nodes.length + extra.edges.length > 0) {
      throw new Error(`renderer holds ${actual.nodes.length} nodes / ${actual.edges.length} edges, the API ${expected.nodes.length} / ${expected.edges.length}; `
        + `missing ${JSON.stringify(missing).slice(0, 1500)}; extra ${JSON.stringify(extra).slice(0, 1500)}`);
    }
    return view;
  });
}

/** POST /api/v2/graphs/cypher as `token`; the answer's graph as sets (200 asserted). */
export async function cypherSets(t: TestApp, token: string, query: string): Promise<GraphSets> {
  const res = await t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(token)).send({ query, include_properties: false });
  if (res.status !== 200) throw new Error(`cypher answered ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return apiSets(res.body);
}
