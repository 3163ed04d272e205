// The local service as a program using the library runs it: `startEmulator` of the published
// `appdeploy/emulator` entry (dist/, resolved through package.json's exports), on a data folder,
// its journal compacted at the size given (`compactAtBytes`: the command has no flag for it).
// Prints `listening on URL` first, as the command does; SIGTERM closes it and exits 0.
import { startEmulator } from 'appdeploy/emulator';

const [data, deployMs, compactAtBytes] = process.argv.slice(2);
const emulator = await startEmulator({
  port: 0,
  data,
  deployMs: Number(deployMs),
  compactAtBytes: Number(compactAtBytes),
});
process.stdout.write(`listening on ${emulator.url}\n`);
for (const note of emulator.notes) process.stderr.write(`Note: ${note}\n`);
const stop = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
