/**
 * When the plan is coloured (io.ts wantsColor): node's reading of FORCE_COLOR (lib/internal/tty.js
 * getColorDepth: '', 1, 2, 3, true force colour; any other value none), then no-color.org (NO_COLOR
 * set and not empty: none), then TERM=dumb, then whether stdout is a terminal.
 */
import { describe, expect, it } from 'vitest';
import { wantsColor } from '../../src/cli/io.js';
import { appdeploy, tempDir } from '../support/cli.js';

describe('wantsColor', () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ TERM: 'dumb' }, true, false],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '' }, false, true],
    [{ FORCE_COLOR: 'true' }, false, true],
    [{ FORCE_COLOR: '3' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, false, true],
  ] as const)('%o on a terminal: %s gives %s', (env, terminal, colour) => {
    expect(wantsColor(env, terminal)).toBe(colour);
  });

  it('colours a plan piped into a CI log with FORCE_COLOR=1, and not without', async () => {
    const dir = await tempDir('colour');
    expect((await appdeploy(['init', 'p'], dir)).code).toBe(0);
    const project = `${dir}/p`;
    const forced = await appdeploy(['plan'], project, { FORCE_COLOR: '1', NO_COLOR: '' });
    expect(forced.stdout).toContain('\u001b[32m+');
    const plain = await appdeploy(['plan'], project, { NO_COLOR: '' });
    expect(plain.stdout).not.toContain('\u001b[');
  });
});
