import { stopStartedPostgres } from '@app/platform';
import { runCli } from './cli.js';
import { exitOnStopSignals } from './exit-on-signals.js';

exitOnStopSignals();
const code = await runCli(process.argv.slice(2));
// A start that failed after the embedded PostgreSQL was up never closed the context that would have stopped it.
await stopStartedPostgres();
// Exit explicitly: a failed start can leave other handles open (a pool) that would keep the process alive. Standard
// output and error are written synchronously to files and pipes, so nothing is lost.
process.exit(code);
