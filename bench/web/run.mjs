// The explorer's figures, measured in Debian's chromium (playwright-core, software WebGL) against the built server:
//   a. JavaScript shipped: the sum of dist/web/assets/*.js, raw and gzipped (goal ≤ 600 KB gzipped);
//   b. first screen interactive: navigation start → sign-in form usable; sign-in click → Explore usable; a signed-in
//      user's new tab: navigation start → Explore usable (goal ≤ 1 s);
//   c. the sample's pre-built "Shortest paths to Domain Admins": click → drawn (goal ≤ 300 ms);
//   d. a Cypher answer at the result cap (GRAPH_RESULT_LIMIT, 10,000 elements: 4,000 nodes and 6,000 edges of a
//      synthetic graph loaded into the database before the app starts): Run click → drawn, then how soon a pan
//      and a zoom get their next frame (goal ≤ 2 s drawn and interactive).
// "Drawn" is the first frame the renderer (window.__pathwarden.renderer()) draws of the answer: its node and edge
// counts match the API's answer and its lastDrawMs is new. Each figure is the median of a few cold runs (a fresh
// browser context each time), with min and max. Prints figures; never fails on timing, exits 1 when a step cannot
// be done at all (the UI never gets there).
// The app runs on a fresh database (`pathwarden_bench_web`, on DATABASE_URL's server or an embedded PostgreSQL)
// with SAMPLE_DATA=true, so the bundled sample data is loaded and analysed on start as for a first-time user.
// Usage: npm run bench:web [-- --runs 5 --nodes 4000 --edges 6000 --dist dist] (BENCH_SIZE=tiny: 2 runs, 400 nodes
// and 600 edges: the same lines, end to end in about a minute).
import pg from 'pg';
import { chromium } from 'playwright-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sized } from '../size.mjs';
import { startWebApp } from './app.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

const args = Object.fromEntries(process.argv.slice(2).join(' ').split('--').filter(Boolean).map((a) => a.trim().split(/\s+/)));
const runs = Number(args.runs ?? sized(5, 2));
const nodeCount = Number(args.nodes ?? sized(4000, 400));
const edgeCount = Number(args.edges ?? sized(6000, 600));
const dist = resolve(args.dist ?? 'dist');
const DATABASE = 'pathwarden_bench_web';
const SHORTEST_TO_DA = 'Shortest paths to Domain Admins';
const CAP_QUERY = 'MATCH p=(a:User)-[:GenericAll]->(b:User) WHERE a.benchgraph = true RETURN p';
const WAIT_MS = 120_000;

const log = (line = '') => console.log(line);
const ms = (value) => `${value.toFixed(0).padStart(5)} ms`;
let failed = false;
/** The admin's password (the app's ADMIN_PASSWORD) and the browser, once started. */
let password;
let browser;

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return `median ${ms(median)}  (min ${sorted[0].toFixed(0)}, max ${sorted.at(-1).toFixed(0)}, ${sorted.length} runs)`;
}

// --- a. JavaScript shipped -----------------------------------------------------------------------------------------
const assets = join(dist, 'web/assets');
if (!existsSync(assets)) throw new Error(`${assets} is missing: build the explorer first (npm run build:web)`);
let raw = 0;
let gzipped = 0;
const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
for (const file of scripts) {
  const bytes = readFileSync(join(assets, file));
  raw += bytes.length;
  gzipped += gzipSync(bytes, { level: 9 }).length;
}
log(`JavaScript shipped (dist/web/assets/*.js, ${scripts.length} files): ${(raw / 1024).toFixed(0)} KB raw, `
  + `${(gzipped / 1024).toFixed(0)} KB gzipped (goal ≤ 600 KB gzipped)`);

// --- a fresh database with the cap graph, and the app on it ------------------------------------------------------
/**
 * The synthetic graph the cap query answers: `nodeCount` users (benchgraph = true) and `edgeCount` GenericAll edges
 * between them, each user on at least one edge, no pair twice. Written with SQL before the app starts (as the graph
 * bench loads its directories), so the app and its kind registry find it at boot.
 */
async function loadCapGraph(url) {
  const { Database, dataSourceOptions, platformMigrations } = await import(`${dist}/libs/platform/src/index.js`);
  const { migrations } = await import(`${dist}/apps/api/src/migrations.js`);
  const { PgKindRegistry } = await import(`${dist}/libs/graph/src/infrastructure/pg/pg-kind-registry.js`);
  const { DataSource } = await import('typeorm');
  const dataSource = new DataSource({ ...dataSourceOptions(url, [...platformMigrations, ...migrations]), logging: false });
  await dataSource.initialize();
  let kind;
  try {
    const registry = new PgKindRegistry(new Database(dataSource));
    await registry.onModuleInit();
    kind = await registry.idsFor(['Base', 'User', 'GenericAll'], { create: true });
  } finally {
    await dataSource.destroy();
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO node (kind_ids, properties)
      SELECT ARRAY[$1, $2]::int2[], jsonb_build_object(
        'objectid', 'S-1-5-21-900-900-900-' || (10000 + i), 'name', 'BENCHUSER' || i || '@BENCH.LOCAL',
        'benchgraph', true, 'enabled', true)
      FROM generate_series(0, $3 - 1) AS i`, [kind.get('Base'), kind.get('User'), nodeCount]);
    // Edge i: from user i mod n to user (i mod n) + 1 + (i div n) * 7, mod n: every user starts one, no pair repeats
    // while edges ≤ n * (n - 1) / 7.
    await client.query(`
      WITH users AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM node WHERE properties ->> 'benchgraph' = 'true')
      INSERT INTO edge (start_id, end_id, kind_id)
      SELECT s.id, t.id, $1 FROM generate_series(0, $2 - 1) AS i
      JOIN users s ON s.k = i % $3
      JOIN users t ON t.k = (i % $3 + 1 + (i / $3) * 7) % $3`, [kind.get('GenericAll'), edgeCount, nodeCount]);
    await client.query('ANALYZE node');
    await client.query('ANALYZE edge');
  } finally {
    await client.end();
  }
}

/** A new page of `context` whose console errors are printed. */
async function watchedPage(context) {
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && !/Failed to load resource/.test(m.text()) && log(`  (console error: ${m.text()})`));
  page.on('pageerror', (e) => log(`  (page error: ${e.message})`));
  return page;
}

/** A fresh context and page (cold cache, empty sessionStorage). */
async function freshPage() {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  return { context, page: await watchedPage(context) };
}

/** performance.now() in the page: ms since its navigation started. */
const pageNow = (page) => page.evaluate(() => performance.now());

async function signIn(page) {
  await page.getByLabel('User name', { exact: true }).fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.evaluate(() => {
    document.addEventListener('click', (e) => { window.__benchClickAt = e.timeStamp; }, { capture: true, once: true });
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const explore = page.getByRole('tab', { name: 'Search', exact: true });
  const refused = page.getByRole('alert');
  await explore.or(refused).first().waitFor({ state: 'visible', timeout: WAIT_MS });
  if (!(await explore.isVisible())) throw new Error(`sign-in refused: ${await refused.first().innerText()}`);
  return (await pageNow(page)) - (await page.evaluate(() => window.__benchClickAt));
}

/**
 * Clicks `button` and waits (on animation frames) for the renderer's first frame of a graph of `size`; returns
 * click → that frame, and the renderer's own lastDrawMs (graph handed over → first frame).
 */
async function clickUntilDrawn(page, button, size) {
  const before = await page.evaluate(() => window.__pathwarden.renderer()?.lastDrawMs ?? null);
  await page.evaluate(() => {
    window.__benchClickAt = undefined;
    document.addEventListener('click', (e) => { window.__benchClickAt = e.timeStamp; }, { capture: true, once: true });
  });
  await button.click();
  const handle = await page.waitForFunction(([expected, previous]) => {
    const view = window.__pathwarden.renderer();
    if (!view || view.nodes.length !== expected.nodes || view.edges.length !== expected.edges) return false;
    if (view.lastDrawMs === null || view.lastDrawMs === previous) return false;
    return { drawnAt: performance.now(), lastDrawMs: view.lastDrawMs };
  }, [size, before], { polling: 'raf', timeout: WAIT_MS });
  const { drawnAt, lastDrawMs } = await handle.jsonValue();
  return { clickToDrawn: drawnAt - (await page.evaluate(() => window.__benchClickAt)), lastDrawMs };
}

/**
 * How soon the graph answers a gesture: from the first input event of a drag (pan) or a wheel (zoom) on the graph to
 * the end of the second animation frame after it (sigma draws a dragged camera in the first, an animated zoom in
 * the second: an upper bound by one frame for pans), and the longest frame interval while the gesture goes on.
 */
async function gesture(page, kind) {
  const box = await page.getByTestId('graph').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.evaluate((type) => {
    const bench = { first: null, inputs: [], frames: [] };
    window.__bench = bench;
    const graph = document.querySelector('[data-testid="graph"]');
    graph.addEventListener(type, (e) => {
      bench.inputs.push(e.timeStamp);
      if (bench.inputs.length > 1) return;
      // The message runs after the frame's animation callbacks, sigma's render among them.
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { bench.first = performance.now() - e.timeStamp; };
        channel.port2.postMessage(null);
      }));
    }, { capture: true });
    const frame = (t) => {
      bench.frames.push(t);
      if (bench.frames.length < 1000) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, kind === 'pan' ? 'mousemove' : 'wheel');
  if (kind === 'pan') {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) await page.mouse.move(cx + i * 10, cy + i * 5);
    await page.mouse.up();
  } else {
    await page.mouse.move(cx, cy);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -120);
  }
  await page.waitForTimeout(300);
  const { first, inputs, frames } = await page.evaluate(() => window.__bench);
  const during = frames.filter((t) => t >= inputs[0] && t <= inputs.at(-1) + 50);
  const gaps = during.slice(1).map((t, i) => t - during[i]);
  return { first, longestFrame: Math.max(0, ...gaps) };
}

async function openCypher(page) {
  await page.getByRole('tab', { name: 'Cypher', exact: true }).click();
}

// --- the run ---------------------------------------------------------------------------------------------------------
const started = Date.now();
const app = await startWebApp({ dist, database: DATABASE, seed: loadCapGraph });
const { origin, api } = app;
password = app.password;
try {
  const { PREBUILT_QUERIES } = await import(`${dist}/libs/graph/src/prebuilt-queries/library.js`);
  const shortestQuery = PREBUILT_QUERIES.find((q) => q.name === SHORTEST_TO_DA).query;
  const answerSize = async (query) => {
    const res = await api('/api/v2/graphs/cypher', { method: 'POST', body: JSON.stringify({ query, include_properties: false }) });
    if (res.status !== 200) throw new Error(`the API answered ${res.status} to ${query}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return { nodes: Object.keys(res.body.data.nodes).length, edges: res.body.data.edges.length };
  };
  const shortestSize = await answerSize(shortestQuery);
  const capSize = await answerSize(CAP_QUERY);
  log(`app on ${DATABASE} with the sample data and a ${nodeCount}-node, ${edgeCount}-edge synthetic graph, ready in `
    + `${((Date.now() - started) / 1000).toFixed(1)} s; "${SHORTEST_TO_DA}": ${shortestSize.nodes} nodes, ${shortestSize.edges} edges; `
    + `cap query: ${capSize.nodes} nodes + ${capSize.edges} edges = ${capSize.nodes + capSize.edges} elements`);

  // --- the browser --------------------------------------------------------------------------------------------------
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium)`);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });

  // b. first screen, signed out then signed in; c. the sample's shortest paths.
  const signInForm = [];
  const toExplore = [];
  const reloadExplore = [];
  const shortest = [];
  const shortestOwn = [];
  for (let run = 0; run < runs; run++) {
    const fresh = await freshPage();
    const { context } = fresh;
    let { page } = fresh;
    await page.goto(`${origin}/`);
    await page.getByLabel('User name', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    signInForm.push(await pageNow(page));
    toExplore.push(await signIn(page));
    // A signed-in user opening the explorer: a new tab of the same browser (warm cache) holding the session, so
    // the figure leaves out the previous page's teardown (its WebGL context) that a reload would include.
    const session = await page.evaluate(() => sessionStorage.getItem('pathwarden.session'));
    await page.close();
    page = await watchedPage(context);
    await page.addInitScript((value) => sessionStorage.setItem('pathwarden.session', value), session);
    await page.goto(`${origin}/explore`);
    await page.getByRole('tab', { name: 'Search', exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    reloadExplore.push(await pageNow(page));
    await openCypher(page);
    const drawn = await clickUntilDrawn(page, page.getByRole('button', { name: SHORTEST_TO_DA, exact: true }), shortestSize);
    shortest.push(drawn.clickToDrawn);
    shortestOwn.push(drawn.lastDrawMs);
    await context.close();
  }
  log(`first screen: navigation start → sign-in form usable               ${summary(signInForm)}  (goal ≤ 1 s)`);
  log(`first screen: "Sign in" click → Explore usable                     ${summary(toExplore)}  (goal ≤ 1 s)`);
  log(`first screen: signed in, new tab: navigation → Explore usable      ${summary(reloadExplore)}  (goal ≤ 1 s)`);
  log(`"${SHORTEST_TO_DA}" (${shortestSize.nodes} nodes, ${shortestSize.edges} edges): click → drawn     ${summary(shortest)}  (goal ≤ 300 ms)`);
  log(`  of which the renderer's own lastDrawMs (graph handed over → first frame)    ${summary(shortestOwn)}`);

  // d. the answer at the result cap.
  const capDrawn = [];
  const capOwn = [];
  const pans = [];
  const panFrames = [];
  const zooms = [];
  const zoomFrames = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await freshPage();
    await page.goto(`${origin}/`);
    await page.getByLabel('User name', { exact: true }).waitFor({ state: 'visible', timeout: WAIT_MS });
    await signIn(page);
    await openCypher(page);
    await page.getByLabel('Cypher query', { exact: true }).fill(CAP_QUERY);
    const drawn = await clickUntilDrawn(page, page.getByRole('button', { name: 'Run', exact: true }), capSize);
    capDrawn.push(drawn.clickToDrawn);
    capOwn.push(drawn.lastDrawMs);
    const pan = await gesture(page, 'pan');
    const zoom = await gesture(page, 'zoom');
    if (pan.first === null || zoom.first === null) throw new Error('the graph got no pan or zoom input event');
    pans.push(pan.first);
    panFrames.push(pan.longestFrame);
    zooms.push(zoom.first);
    zoomFrames.push(zoom.longestFrame);
    await context.close();
  }
  const capLabel = `${capSize.nodes} nodes + ${capSize.edges} edges`;
  log(`Cypher answer at the cap (${capLabel}): Run click → drawn   ${summary(capDrawn)}  (goal ≤ 2 s with the first pan)`);
  log(`  of which the renderer's own lastDrawMs                              ${summary(capOwn)}`);
  log(`  pan: first move → the moved view drawn                              ${summary(pans)}`);
  log(`  pan: longest frame interval during the drag                         ${summary(panFrames)}`);
  log(`  zoom: first wheel → the zoomed view drawn                           ${summary(zooms)}`);
  log(`  zoom: longest frame interval during the zoom                        ${summary(zoomFrames)}`);
  const interactive = capDrawn.map((d, i) => d + pans[i]);
  log(`  drawn and interactive (click → drawn + first pan frame)             ${summary(interactive)}  (goal ≤ 2 s)`);
} catch (error) {
  failed = true;
  console.error(`bench:web could not finish: ${error.stack ?? error}`);
} finally {
  await browser?.close();
  await app.stop();
}
if (failed) process.exit(1);
