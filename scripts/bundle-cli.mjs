// Build step after tsc and the validators: the CLI as a few CommonJS chunks instead of ~400 ES
// modules (ours and its dependencies', which node would otherwise find, read and link one by one
// on every command). Writes dist/cli/main.cjs and its chunks, dist/cli/appdeploy-*.cjs: each
// command's code stays in chunks of its own, loaded by the dynamic import that names it
// (cli/commands/index.ts), so a command still loads only what it runs. tsc's dist/cli/bin.js
// loads main.cjs through V8's code cache (src/cli/code-cache.ts says why CommonJS).
// Every chunk sits in dist/cli/, as deep as the modules it is made of, so their paths relative to
// import.meta.url (../../package.json, ../../schema/) still lead where they did.
// The rest of dist/ (the library's entry points, with their types) stays tsc's.
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const dir = fileURLToPath(new URL('../dist/cli/', import.meta.url));
for (const file of readdirSync(dir))
  if (file.startsWith('appdeploy-') || file === 'main.cjs') rmSync(`${dir}${file}`);
const undiciForCli = fileURLToPath(new URL('undici-for-cli.cjs', import.meta.url));
const undiciNoH2 = fileURLToPath(new URL('undici-no-h2.cjs', import.meta.url));
await build({
  input: `${dir}main.js`,
  platform: 'node',
  logLevel: 'warn',
  // The parts of undici the client uses, not its whole index (undici-for-cli.cjs says why).
  plugins: [
    {
      name: 'undici-for-cli',
      resolveId: (id, importer) => {
        if (id === 'undici') return undiciForCli;
        // Not undici's HTTP/2 client, nor node's http2 behind it (undici-no-h2.cjs says why).
        if (id === './client-h2.js' && importer?.endsWith('/undici/lib/dispatcher/client.js'))
          return undiciNoH2;
        return null;
      },
    },
  ],
  output: {
    dir,
    format: 'cjs',
    entryFileNames: 'main.cjs',
    chunkFileNames: 'appdeploy-[name]-[hash].cjs',
    sourcemap: false,
  },
});
