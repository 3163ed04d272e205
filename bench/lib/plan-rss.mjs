// `appdeploy plan -C <root> [args]` in this process, its output dropped; prints the process's
// peak resident memory in MB (what the plan cost, start-up included) on stdout.
import { resourceUsage } from 'node:process';
import { main } from '../../dist/cli/main.js';

const [root, ...args] = process.argv.slice(2);
let err = '';
const code = await main(['node', 'appdeploy', 'plan', '-C', root, ...args], {
  out: () => {},
  err: (s) => void (err += s),
});
if (code !== 0) throw new Error(`plan exited ${code}: ${err}`);
console.log((resourceUsage().maxRSS / 1024).toFixed(0));
