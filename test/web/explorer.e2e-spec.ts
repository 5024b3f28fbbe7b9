import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import type { Browser } from 'playwright-core';
import { Datapipe } from '@app/analysis';
import { PREBUILT_QUERIES } from '@app/graph/testing';
import { bearer, createUser, USER_PASSWORD } from '../support/auth.js';
import {
  launchBrowser, loadSampleData, openPage, seriousAxeViolations, serveTestApp, takeProblems, type RecordedPage, type ServedApp,
} from '../support/browser.js';
import { SAMPLE_ZIP } from '../support/ingest.js';
import { ADMIN_PASSWORD, login } from '../support/test-app.js';
import {
  apiSets, chooseFromTypeAhead, cypherSets, eventually, legacyGraphSets, openTab, rendererSets, rendererView, signIn,
  waitForExplore, waitForNodePanel, waitForRendererGraph, WAIT_MS,
} from './ui.js';

// The globals of the page, for the callbacks run there by page.evaluate (the tests' tsconfig has no DOM library).
declare const window: any, sessionStorage: any;

/**
 * The explorer in Debian's chromium against the real server on the bundled sample data, under both wire formats:
 * a first login with the forced password change, search and the node panel (a list into the graph and as CSV,
 * Owned and back), the pre-built "Shortest paths to Domain Admins" and pathfinding drawn exactly as the API answers
 * them, exports, "No path found", an edge's panel, an upload watched to completion, a Cypher error's position, a
 * saved query that survives a reload, API tokens, a revoked session, logout; no console error, CSP violation or
 * unexpected error answer on any page, and axe-core finds no serious or critical violation on each page. The steps
 * share one page in order (a step that fails leaves the next ones to report what they can). Timeouts are hang
 * guards only: nothing here fails on timing.
 */
const TEST_MS = 300_000;
const ANALYST = 'first-login-analyst';
const NEW_PASSWORD = 'Explorer-Changed-Pass-789!';
const DOMAIN_ADMINS = 'DOMAIN ADMINS@PHANTOM.CORP';
const PATH_START = 'BOB@PHANTOM.CORP';
const SHORTEST_TO_DA = PREBUILT_QUERIES.find((q) => q.name === 'Shortest paths to Domain Admins')!;
const SAVED_NAME = 'Kerberoastable users (saved in the browser test)';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe.each([{ WIRE_FORMAT: 'spec' }, { WIRE_FORMAT: 'bloodhound' }])('the explorer with WIRE_FORMAT=$WIRE_FORMAT', (env) => {
  let served: ServedApp;
  let rec: RecordedPage;
  let adminToken: string;
  let pg: Client;
  const axe: string[] = [];

  const objectId = async (name: string) => {
    const { rows } = await pg.query(`SELECT properties ->> 'objectid' AS id FROM node WHERE properties ->> 'name' = $1`, [name]);
    if (rows.length !== 1) throw new Error(`${name}: ${rows.length} nodes in the sample`);
    return rows[0].id as string;
  };

  beforeAll(async () => {
    served = await serveTestApp({ env: { ...env, SAMPLE_DATA: 'true' } });
    await loadSampleData(served.t);
    adminToken = await login(served.t, 'admin', ADMIN_PASSWORD);
    await createUser(served.t, adminToken, { principal: ANALYST, role: 'Administrator', needsPasswordReset: true });
    pg = new Client({ connectionString: served.t.databaseUrl });
    await pg.connect();
    rec = await openPage(browser, served.origin);
    // Deleting a token or a saved query may ask for confirmation.
    rec.page.on('dialog', (dialog) => void dialog.accept());
  }, 600_000);

  afterEach(() => {
    expect(takeProblems(rec)).toEqual([]);
  });

  afterAll(async () => {
    await rec?.close();
    await pg?.end();
    await served?.close();
  });

  it('signs a first-login user in, forces the password change, and lands on Explore', async () => {
    const { page } = rec;
    const response = await page.goto(`${served.origin}/`);
    expect(response?.status()).toBe(200);
    await page.getByLabel('User name', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    axe.push(...await seriousAxeViolations(page, 'sign-in'));

    await signIn(page, ANALYST, USER_PASSWORD);
    await page.getByRole('heading', { name: 'Change your password' }).waitFor({ state: 'visible', timeout: WAIT_MS });
    axe.push(...await seriousAxeViolations(page, 'password change'));

    await page.getByLabel('Current password', { exact: true }).fill(USER_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await waitForExplore(page);
    expect(await page.getByRole('tablist').count()).toBeGreaterThan(0);
    for (const link of ['Explore', 'File ingest', 'Collection', 'API tokens']) {
      expect({ link, count: await page.getByRole('link', { name: link, exact: true }).count() }).toEqual({ link, count: 1 });
    }
    // The new password is the one that works now.
    expect((await served.t.http().post('/api/v2/login').send({ login_method: 'secret', username: ANALYST, secret: NEW_PASSWORD })).status).toBe(200);
  }, TEST_MS);

  it(`searches "${DOMAIN_ADMINS}" and opens its panel`, async () => {
    const { page } = rec;
    await openTab(page, 'Search');
    await chooseFromTypeAhead(page, 'Search nodes', DOMAIN_ADMINS);
    await waitForNodePanel(page, DOMAIN_ADMINS);
    // Choosing a result puts the node in the graph.
    await eventually('the chosen node in the renderer', async () => {
      const labels = await page.evaluate(() => (window as unknown as { __pathwarden: { renderer(): { nodes: { label: string }[] } | null } })
        .__pathwarden.renderer()?.nodes.map((n) => n.label) ?? []);
      if (!labels.includes(DOMAIN_ADMINS)) throw new Error(`renderer labels: ${labels.join(', ')}`);
    });
    axe.push(...await seriousAxeViolations(page, 'explore with the node panel open'));
  }, TEST_MS);

  it('expands the panel\'s "Members" list into the graph and as CSV, and marks the node Owned and back', async () => {
    const { page } = rec;
    const panel = page.getByRole('complementary', { name: 'Node details' });
    const da = await objectId(DOMAIN_ADMINS);
    const listed = await served.t.http().get(`/api/v2/groups/${da}/members`).set('Authorization', bearer(adminToken)).query({ limit: 1000 });
    const members = (listed.body.data as { name: string }[]).map((m) => m.name);
    expect(members.length).toBe(listed.body.count);
    const asGraph = await served.t.http().get(`/api/v2/groups/${da}/members`).set('Authorization', bearer(adminToken)).query({ type: 'graph' });
    expect(asGraph.status).toBe(200);
    const expected = legacyGraphSets(asGraph.body);
    expect(expected.nodes.length).toBe(members.length + 1);

    const head = panel.getByRole('button', { name: /^Members\b/ });
    expect(await head.innerText()).toContain(String(members.length));
    await head.click();
    await panel.getByRole('button', { name: 'Show in graph', exact: true }).click();
    // Merged into the view: the renderer holds at least the list's graph.
    await eventually('the members drawn', async () => {
      const view = await rendererView(page);
      const drawn = view ? rendererSets(view) : { nodes: [], edges: [] };
      const missing = [...expected.nodes.filter((n) => !drawn.nodes.includes(n)), ...expected.edges.filter((e) => !drawn.edges.includes(e))];
      if (missing.length > 0) throw new Error(`missing ${missing.join(', ')}`);
    });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      panel.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8').trim().split(/\r?\n/);
    expect(csv.length).toBe(members.length + 1);
    for (const name of members) expect(csv.some((line) => line.includes(name))).toBe(true);

    const owned = async () => {
      const res = await served.t.http().post('/api/v2/graphs/cypher').set('Authorization', bearer(adminToken))
        .send({ query: `MATCH (n:Group) WHERE n.objectid = '${da}' RETURN n` });
      return Object.values(res.body.data.nodes as Record<string, { isOwnedObject: boolean }>)[0].isOwnedObject;
    };
    await panel.getByRole('button', { name: 'Mark as Owned', exact: true }).click();
    await panel.getByRole('button', { name: 'Unmark Owned', exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    await eventually('the node Owned for the API', async () => expect(await owned()).toBe(true));
    await panel.getByRole('button', { name: 'Unmark Owned', exact: true }).click();
    await panel.getByRole('button', { name: 'Mark as Owned', exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    await eventually('the node no longer Owned for the API', async () => expect(await owned()).toBe(false));
  }, TEST_MS);

  it('draws the pre-built "Shortest paths to Domain Admins" exactly as the API answers it', async () => {
    const { page } = rec;
    const expected = await cypherSets(served.t, adminToken, SHORTEST_TO_DA.query);
    expect(expected.nodes.length).toBeGreaterThan(1);
    await openTab(page, 'Cypher');
    await page.getByRole('button', { name: SHORTEST_TO_DA.name, exact: true }).click();
    await waitForRendererGraph(page, expected, `"${SHORTEST_TO_DA.name}"`);
  }, TEST_MS);

  it(`finds the path from ${PATH_START} to ${DOMAIN_ADMINS} as GET /graphs/shortest-path does`, async () => {
    const { page } = rec;
    const res = await served.t.http().get('/api/v2/graphs/shortest-path').set('Authorization', bearer(adminToken))
      .query({ start_node: await objectId(PATH_START), end_node: await objectId(DOMAIN_ADMINS) });
    expect(res.status).toBe(200);
    const expected = apiSets(res.body);
    const labels = Object.values(res.body.data.nodes as Record<string, { label: string }>).map((n) => n.label);
    expect(labels).toEqual(expect.arrayContaining([PATH_START, DOMAIN_ADMINS]));
    await openTab(page, 'Pathfinding');
    await chooseFromTypeAhead(page, 'Start node', PATH_START);
    await chooseFromTypeAhead(page, 'End node', DOMAIN_ADMINS);
    await page.getByRole('button', { name: 'Find path', exact: true }).click();
    await waitForRendererGraph(page, expected, `the path ${PATH_START} → ${DOMAIN_ADMINS}`);
  }, TEST_MS);

  it('exports the drawn graph as JSON and as PNG', async () => {
    const { page } = rec;
    const view = (await rendererView(page))!;
    expect(view.nodes.length).toBeGreaterThan(1);
    const [json] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      page.getByRole('button', { name: 'Export JSON', exact: true }).click(),
    ]);
    const exported = readFileSync((await json.path())!, 'utf8');
    JSON.parse(exported);
    for (const node of view.nodes) expect(exported).toContain(JSON.stringify(node.id).slice(1, -1));
    const [png] = await Promise.all([
      page.waitForEvent('download', { timeout: WAIT_MS }),
      page.getByRole('button', { name: 'Export PNG', exact: true }).click(),
    ]);
    const bytes = readFileSync((await png.path())!);
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBeGreaterThan(1000);
  }, TEST_MS);

  it(`says "No path found" when there is none (${PATH_START} to a user nothing points at)`, async () => {
    const { page } = rec;
    // A user of the sample no edge leads to (the first by name whose name is unique).
    const { rows } = await pg.query(`
      SELECT n.properties ->> 'name' AS name, n.properties ->> 'objectid' AS id FROM node n JOIN kind k ON k.id = ANY (n.kind_ids)
      WHERE k.name = 'User' AND NOT EXISTS (SELECT 1 FROM edge e WHERE e.end_id = n.id)
        AND (SELECT count(*) FROM node o WHERE o.properties ->> 'name' = n.properties ->> 'name') = 1
      ORDER BY 1 LIMIT 1`);
    expect(rows).toHaveLength(1);
    const target = rows[0].name as string;
    const res = await served.t.http().get('/api/v2/graphs/shortest-path').set('Authorization', bearer(adminToken))
      .query({ start_node: await objectId(PATH_START), end_node: rows[0].id });
    expect(res.status).toBe(404);
    const undo = rec.allow({ method: 'GET', path: /^\/api\/v2\/graphs\/shortest-path\?/, status: 404 });
    try {
      await openTab(page, 'Pathfinding');
      await chooseFromTypeAhead(page, 'Start node', PATH_START);
      await chooseFromTypeAhead(page, 'End node', target);
      await page.getByRole('button', { name: 'Find path', exact: true }).click();
      await page.getByRole('status').filter({ hasText: 'No path found' }).waitFor({ state: 'visible', timeout: WAIT_MS });
    } finally {
      undo();
    }
  }, TEST_MS);

  it('opens an edge\'s panel from the graph: its kind, composition and help', async () => {
    const { page } = rec;
    // One GoldenCert edge alone: two nodes side by side, the edge across the middle of the fitted view.
    const query = 'MATCH p=(:Computer)-[:GoldenCert]->(:Domain) RETURN p LIMIT 1';
    const expected = await cypherSets(served.t, adminToken, query);
    expect(expected.edges).toHaveLength(1);
    await openTab(page, 'Cypher');
    await page.getByLabel('Cypher query', { exact: true }).fill(query);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await waitForRendererGraph(page, expected, 'one GoldenCert edge');
    await page.getByRole('button', { name: 'Zoom to fit', exact: true }).click();
    const box = (await page.getByTestId('graph').boundingBox())!;
    const panel = page.getByRole('complementary', { name: 'Edge details' });
    // Clicks the middle until the edge takes it (the fit animates for a moment).
    await eventually('the edge panel opened by a click on the edge', async () => {
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await panel.waitFor({ state: 'visible', timeout: 1000 });
    }, 30_000);
    await panel.getByRole('heading', { name: 'GoldenCert', exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    await panel.getByText('Composition', { exact: true }).first().waitFor({ state: 'visible', timeout: WAIT_MS });
    await panel.getByText('About this edge', { exact: true }).first().waitFor({ state: 'visible', timeout: WAIT_MS });
    axe.push(...await seriousAxeViolations(page, 'explore with the edge panel open'));
  }, TEST_MS);

  it('uploads the sample zip through the ingest page and watches the job complete', async () => {
    const { page } = rec;
    await page.getByRole('link', { name: 'File ingest', exact: true }).click();
    await page.getByTestId('datapipe-status').waitFor({ state: 'visible', timeout: WAIT_MS });
    await page.getByLabel('Choose files', { exact: true }).setInputFiles(SAMPLE_ZIP);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress ad_sampledata.zip' });
    await progress.waitFor({ state: 'attached', timeout: WAIT_MS });
    await eventually('the file uploaded to 100%', async () => {
      const now = await progress.getAttribute('aria-valuenow', { timeout: 1000 });
      if (now !== '100') throw new Error(`aria-valuenow ${now}`);
    });

    // The datapipe does not tick by itself in tests: tick it until the job list the page shows says Complete.
    const jobs = page.getByRole('table', { name: 'Upload jobs' });
    // The Status column of each job row.
    const statuses = () => jobs.evaluate((table: any) => {
      const heads = [...table.querySelectorAll('thead th')].map((th: any) => th.textContent.trim());
      const column = heads.findIndex((h: string) => /^status$/i.test(h));
      return [...table.querySelectorAll('tbody tr')].map((tr: any) => (column < 0 ? '' : tr.children[column]?.textContent?.trim() ?? ''));
    }, undefined, { timeout: 1000 });
    await eventually('the upload job shown Complete', async () => {
      await served.t.app.get(Datapipe).tick();
      const shown = await statuses();
      if (shown.length !== 1 || !/^complete/i.test(shown[0])) throw new Error(`the job table's statuses: ${JSON.stringify(shown)}`);
    }, 240_000);
    const listed = await served.t.http().get('/api/v2/file-upload').set('Authorization', bearer(adminToken));
    expect(listed.body.data).toEqual([expect.objectContaining({ status_message: 'Complete', total_files: 31, failed_files: 0 })]);
    axe.push(...await seriousAxeViolations(page, 'ingest'));
  }, TEST_MS);

  it('shows a Cypher syntax error with its line and column (the API counts columns from 0, people from 1)', async () => {
    const { page } = rec;
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    await waitForExplore(page);
    await openTab(page, 'Cypher');
    const undo = rec.allow({ method: 'POST', path: /^\/api\/v2\/graphs\/cypher$/, status: 400 });
    try {
      await page.getByLabel('Cypher query', { exact: true }).fill('MATCH (n RETURN n');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'line 1, column 10' }).waitFor({ state: 'visible', timeout: WAIT_MS });
    } finally {
      undo();
    }
  }, TEST_MS);

  it('saves a query and sees it after a reload, then deletes it', async () => {
    const { page } = rec;
    await page.getByRole('link', { name: 'Explore', exact: true }).click();
    await waitForExplore(page);
    await openTab(page, 'Cypher');
    await page.getByLabel('Cypher query', { exact: true }).fill('MATCH (n:User) WHERE n.hasspn = true RETURN n LIMIT 5');
    await page.getByRole('button', { name: 'Save query', exact: true }).click();
    await page.getByLabel('Query name', { exact: true }).fill(SAVED_NAME);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: SAVED_NAME, exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });

    await page.reload();
    await waitForExplore(page);
    await openTab(page, 'Cypher');
    await page.getByRole('button', { name: SAVED_NAME, exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    const saved = await served.t.http().get('/api/v2/saved-queries').set('Authorization', bearer(await login(served.t, ANALYST, NEW_PASSWORD)));
    expect((saved.body.data as { name: string }[]).map((q) => q.name)).toContain(SAVED_NAME);

    await page.getByRole('button', { name: `Delete saved query ${SAVED_NAME}`, exact: true }).click();
    await page.getByRole('button', { name: SAVED_NAME, exact: true }).waitFor({ state: 'detached', timeout: WAIT_MS });
  }, TEST_MS);

  it('creates an API token, shows its key once, and deletes it', async () => {
    const { page } = rec;
    await page.getByRole('link', { name: 'API tokens', exact: true }).click();
    await page.getByLabel('Token name', { exact: true }).fill('browser test token');
    await page.getByRole('button', { name: 'Create token', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await dialog.innerText()).toMatch(/copy it now/i);
    // The dialog's own button closes it (or Escape, as for any dialog).
    const close = dialog.getByRole('button');
    if (await close.count() > 0) await close.last().click();
    else await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: WAIT_MS });
    const remove = page.getByRole('button', { name: 'Delete token browser test token', exact: true });
    await remove.waitFor({ state: 'visible', timeout: WAIT_MS });
    axe.push(...await seriousAxeViolations(page, 'tokens'));
    await remove.click();
    await remove.waitFor({ state: 'detached', timeout: WAIT_MS });
  }, TEST_MS);

  it('shows the Collection page (enterprise) without error', async () => {
    const { page } = rec;
    await page.getByRole('link', { name: 'Collection', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Collection' }).waitFor({ state: 'visible', timeout: WAIT_MS });
    // Its lists load after the heading: wait for both tables before looking for errors.
    for (const name of ['Collection clients', 'Recent collection jobs']) {
      await page.getByRole('table', { name }).waitFor({ state: 'visible', timeout: WAIT_MS });
    }
    axe.push(...await seriousAxeViolations(page, 'collection'));
  }, TEST_MS);

  it('tells the user their session expired when the server no longer accepts it, and signs in again', async () => {
    const { page } = rec;
    const token = await page.evaluate(() => JSON.parse(sessionStorage.getItem('pathwarden.session')).token as string);
    expect((await served.t.http().post('/api/v2/logout').set('Authorization', bearer(token))).status).toBeLessThan(300);
    // The next call answers 401: expected here, once.
    const undo = rec.allow({ path: /^\/api\/v2\//, status: 401 });
    try {
      // The ingest page asks for the job list and the datapipe status as it opens.
      await page.getByRole('link', { name: 'File ingest', exact: true }).click();
      await page.getByText('Your session has expired').waitFor({ state: 'visible', timeout: WAIT_MS });
      await page.getByLabel('User name', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    } finally {
      undo();
    }
    // Signed in again, back on the page the user was on.
    await signIn(page, ANALYST, NEW_PASSWORD);
    await page.getByTestId('datapipe-status').waitFor({ state: 'visible', timeout: WAIT_MS });
  }, TEST_MS);

  it('logs out to the sign-in page and forgets the session', async () => {
    const { page } = rec;
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByLabel('User name', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  }, TEST_MS);

  it('finds no serious or critical accessibility violation on any page (axe-core)', () => {
    if (axe.length > 0) console.log(axe.join('\n'));
    expect(axe).toEqual([]);
  });
});

describe('EDITION=community', () => {
  let served: ServedApp;
  let rec: RecordedPage;
  beforeAll(async () => {
    served = await serveTestApp({ env: { EDITION: 'community' } });
    rec = await openPage(browser, served.origin);
  }, 120_000);
  afterAll(async () => {
    await rec?.close();
    await served?.close();
  });

  it('hides the "Collection" link', async () => {
    const { page } = rec;
    await page.goto(`${served.origin}/`);
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await waitForExplore(page);
    expect(await page.getByRole('link', { name: 'Explore', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Collection', exact: true }).count()).toBe(0);
    expect(takeProblems(rec)).toEqual([]);
  }, TEST_MS);
});
