/**
 * Text from manifests, record files, file names and the service reaches the terminal through the
 * CLI's one outlet (main's Io): a control character in it (an ESC sequence that sets the window
 * title or clears the screen, a carriage return that overwrites the line, a C1 control, a bidi
 * override that reorders what is shown) must show as an escape, never act. JSON stays exact: the
 * escape is JSON's own, so a parser reads the same string.
 */
import { describe, expect, it } from 'vitest';
import { terminalText } from '../../src/cli/terminal-text.js';
import { runMain } from '../support/main-in-process.js';
import { tempProject } from '../support/temp-project.js';
import { rm } from 'node:fs/promises';

describe('terminalText', () => {
  it.each([
    ['an OSC title sequence', 'a\u001b]0;pwned\u0007b', 'a\\u001b]0;pwned\\u0007b'],
    ['a CSI clear screen', '\u001b[2J', '\\u001b[2J'],
    ['a carriage return', 'ok\rFAIL', 'ok\\u000dFAIL'],
    ['a backspace and NUL', 'a\bb\u0000', 'a\\u0008b\\u0000'],
    ['DEL and C1 controls (CSI, NEL)', '\u007f\u009b2J\u0085', '\\u007f\\u009b2J\\u0085'],
    [
      'bidi overrides and isolates',
      'abc\u202egnp.exe\u2066x\u2069\u200f',
      'abc\\u202egnp.exe\\u2066x\\u2069\\u200f',
    ],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['text as it is', '顧客名 👍🏽 e\u0301 tab\there\nnext', '顧客名 👍🏽 e\u0301 tab\there\nnext'],
  ])('%s', (_, text, shown) => {
    expect(terminalText(text, {})).toBe(shown);
  });

  it("keeps appdeploy's own colours only where colour is on, and the live line's clear only at a write's start", () => {
    const painted = '\u001b[32m+\u001b[0m \u001b[1mname\u001b[0m';
    expect(terminalText(painted, { colour: true })).toBe(painted);
    expect(terminalText(painted, {})).toBe('\\u001b[32m+\\u001b[0m \\u001b[1mname\\u001b[0m');
    // A colour the palette has not (256 colours) is someone's text.
    expect(terminalText('\u001b[38;5;1mx', { colour: true })).toBe('\\u001b[38;5;1mx');
    expect(terminalText('\r\u001b[KWaiting \r\u001b[K', { liveLine: true })).toBe(
      '\r\u001b[KWaiting \\u000d\\u001b[K',
    );
  });

  it('leaves JSON parsing to the same strings', () => {
    const value = { label: 'a\u001b[2J\u009b\u202e\r\n' };
    expect(JSON.parse(terminalText(JSON.stringify(value), {}))).toEqual(value);
  });
});

/** Whether the text holds the ESC, BEL or bidi override of the path below, raw. */
const raw = (text: string): boolean => ['\u001b', '\u0007', '\u202e'].some((c) => text.includes(c));

describe("the CLI's output", () => {
  it('shows a control character in a path named by appdeploy.yaml as an escape, on stdout and in JSON', async () => {
    const dir = await tempProject('terminal-text-', {
      'appdeploy.yaml':
        'environments:\n  local: {}\napps:\n  a:\n    manifest: "apps/a\\e]0;pwned\\a\\u202e.yaml"\n',
    });
    try {
      const text = await runMain(['validate', '-C', dir]);
      expect(text.code).toBe(1);
      expect(text.out + text.err).toContain('apps/a\\u001b]0;pwned\\u0007\\u202e.yaml');
      expect(raw(text.out + text.err)).toBe(false);
      const json = await runMain(['validate', '-C', dir, '--format', 'json']);
      expect(raw(json.out)).toBe(false);
      expect(JSON.stringify(JSON.parse(json.out))).toContain('apps/a\\u001b]0;pwned\\u0007\u202e.yaml');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
