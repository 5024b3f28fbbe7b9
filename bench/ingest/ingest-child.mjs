// The ingest side of bench/ingest, in a process of its own so its peak RSS is the ingest's alone (not the
// directory generator's): boots the application context from the build on the given database (migrations run at
// boot), ingests the files one by one through LocalFiles (ingest-app.mjs), and prints one JSON line: seconds,
// objects, files with errors, warnings, peak RSS.
// Usage (by run.mjs): node ingest-child.mjs <dist> <database url> <file>...
import { bootApp, ingestFiles } from './ingest-app.mjs';

const [dist, url, ...files] = process.argv.slice(2);
const app = await bootApp(dist, url);
const result = await ingestFiles(app, dist, files);
await app.close();
console.log(JSON.stringify({ ...result, maxRssKb: process.resourceUsage().maxRSS }));
