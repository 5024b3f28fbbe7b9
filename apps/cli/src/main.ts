import { runCli } from './cli.js';

// Exit explicitly: a failed start can leave handles open (an embedded PostgreSQL child, a pool) that would keep
// the process alive. Standard output and error are written synchronously to files and pipes, so nothing is lost.
process.exit(await runCli(process.argv.slice(2)));
