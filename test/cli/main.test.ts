import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { AppdeployError } from '../../src/errors.js';
import { reportError } from '../../src/cli/main.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (s: string) => void out.push(s), err: (s: string) => void err.push(s) }, out, err };
}

describe('cli main', () => {
  it('prints help and exits 0', async () => {
    const { io, out } = capture();
    expect(await main(['node', 'appdeploy', '--help'], io)).toBe(0);
    expect(out.join('')).toContain('Usage: appdeploy');
  });

  it('rejects an unknown command with exit 1', async () => {
    const { io, err } = capture();
    expect(await main(['node', 'appdeploy', 'frobnicate'], io)).toBe(1);
    expect(err.join('')).toMatch(/unknown command/);
  });

  it('suggests the command meant by a mistyped one', async () => {
    const { io, err } = capture();
    expect(await main(['node', 'appdeploy', 'pln'], io)).toBe(1);
    expect(err.join('')).toMatch(/unknown command 'pln'\n\(Did you mean plan\?\)/);
  });

  it('without a command, prints the help and exits 1', async () => {
    const { io, err } = capture();
    expect(await main(['node', 'appdeploy'], io)).toBe(1);
    expect(err.join('')).toContain('Usage: appdeploy');
  });

  it('prints a user error as summary and hint, without a stack', () => {
    const { io, err } = capture();
    const code = reportError(
      new AppdeployError('MANIFEST.INVALID', 'fields.x: bad', { hint: 'at a.yaml:1:1' }),
      io,
    );
    expect(code).toBe(1);
    expect(err.join('')).toBe('Error: fields.x: bad\n  at a.yaml:1:1\n');
  });

  it('prints a bug with its stack and says it is a bug', () => {
    const { io, err } = capture();
    expect(reportError(new TypeError('boom'), io)).toBe(70);
    expect(err.join('')).toMatch(/^Bug: appdeploy failed unexpectedly[\s\S]*TypeError: boom\n\s+at /);
  });
});
