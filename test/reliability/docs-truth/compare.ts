/**
 * How a doc's output sample is compared with what the CLI printed (samples.ts says which way for
 * each): consecutive lines, folded text, or JSON where `"..."` stands for anything. Each returns
 * undefined when the sample is true, else what differs, for the test's message.
 */
import { isDeepStrictEqual } from 'node:util';

const lines = (text: string) => text.split('\n').map((line) => line.trimEnd());

/** The sample's lines (blank ones at its ends dropped) are consecutive lines of the output. */
export function compareLines(sample: string, output: string): string | undefined {
  const want = lines(sample.trim());
  const got = lines(output);
  for (let i = 0; i + want.length <= got.length; i++)
    if (want.every((line, j) => got[i + j] === line)) return undefined;
  return `the sample's lines are not in the output.\n--- sample\n${want.join('\n')}\n--- output\n${output}`;
}

/** The same for a part of the output shown at the margin: each side's common indentation taken off. */
export function compareFragment(sample: string, output: string): string | undefined {
  const want = dedent(lines(sample.replace(/^\n+|\s+$/g, '')));
  const got = lines(output);
  for (let i = 0; i + want.length <= got.length; i++) {
    const window = dedent(got.slice(i, i + want.length));
    if (want.every((line, j) => window[j] === line)) return undefined;
  }
  return `the sample's lines (indentation aside) are not in the output.\n--- sample\n${want.join('\n')}\n--- output\n${output}`;
}

function dedent(block: string[]): string[] {
  const indent = Math.min(
    ...block.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length),
  );
  return block.map((line) => line.slice(indent));
}

/** The same, with every run of white space (line breaks included) as one space. */
export function compareFolded(sample: string, output: string): string | undefined {
  const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
  return fold(output).includes(fold(sample))
    ? undefined
    : `the sample (folded) is not in the output.\n--- sample\n${fold(sample)}\n--- output\n${fold(output)}`;
}

/**
 * The output's JSON is the sample's: the same keys and values, where the string `"..."` is any
 * value and a key `"..."` in an object allows keys the sample does not show (its value says
 * what they are).
 */
export function compareJson(sample: string, output: string): string | undefined {
  const problems: string[] = [];
  match(JSON.parse(sample), JSON.parse(output), '$', problems);
  return problems.length === 0 ? undefined : problems.join('\n');
}

function match(want: unknown, got: unknown, path: string, problems: string[]): void {
  if (want === '...') return;
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) {
      problems.push(`${path}: the sample has ${want.length} items, the output ${JSON.stringify(got)}`);
      return;
    }
    want.forEach((item, i) => match(item, got[i], `${path}[${i}]`, problems));
    return;
  }
  if (want !== null && typeof want === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) {
      problems.push(`${path}: the sample has an object, the output ${JSON.stringify(got)}`);
      return;
    }
    const open = '...' in want;
    for (const [key, value] of Object.entries(want)) {
      if (key === '...') continue;
      if (!(key in got)) problems.push(`${path}.${key}: in the sample, not in the output`);
      else match(value, (got as Record<string, unknown>)[key], `${path}.${key}`, problems);
    }
    if (!open)
      for (const key of Object.keys(got))
        if (!(key in want))
          problems.push(
            `${path}.${key}: in the output, not in the sample (${JSON.stringify((got as Record<string, unknown>)[key])})`,
          );
    return;
  }
  if (!isDeepStrictEqual(want, got))
    problems.push(`${path}: the sample says ${JSON.stringify(want)}, the output ${JSON.stringify(got)}`);
}
