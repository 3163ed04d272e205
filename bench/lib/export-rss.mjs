// `appdeploy export --records --app <app> -C <root>` in this process, its output dropped; prints
// the process's peak resident memory in MB (what the export cost, start-up included) on stdout.
import { resourceUsage } from 'node:process';
import { main } from '../../dist/cli/main.js';

const [root, app] = process.argv.slice(2);
let err = '';
const code = await main(['node', 'appdeploy', 'export', '--records', '--app', app, '-C', root], {
  out: () => {},
  err: (s) => void (err += s),
});
if (code !== 0) throw new Error(`export exited ${code}: ${err}`);
console.log((resourceUsage().maxRSS / 1024).toFixed(0));
