import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

const EXAMPLES = readdirSync(new URL('../../examples/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

function capture() {
  const out: string[] = [];
  return { io: { out: (s: string) => void out.push(s), err: (s: string) => void out.push(s) }, out };
}

describe('examples', () => {
  it.each(EXAMPLES)('validate passes on examples/%s with no variables set', async (name) => {
    const { io, out } = capture();
    const code = await main(['node', 'appdeploy', 'validate', '-C', `examples/${name}`], io);
    expect(out.join('')).toMatch(/: valid \(/);
    expect(code).toBe(0);
  });
});
