import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 35's guard, through the project's own ESLint configuration: an assertion through
 * `unknown` or `any` (which tells TypeScript to stop checking) is refused in src/areas,
 * src/local and src/check, and a single assertion, or the same code elsewhere, is not.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
// The virtual files are in no tsconfig, so type information is off (the rule needs none).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    { languageOptions: { parserOptions: { projectService: false } } },
    tseslint.configs.disableTypeChecked,
  ],
});

async function refused(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(`declare const x: number;\n${code}\n`, {
    filePath: `${root}/${file}`,
  });
  const messages = result!.messages;
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return messages.some((m) => m.ruleId === 'no-restricted-syntax');
}

// [file, code, refused?]
const CASES: [string, string, boolean][] = [
  ['src/areas/x.ts', 'export const y = x as unknown as string;', true],
  ['src/areas/x.ts', 'export const y = x as any as string;', true],
  ['src/areas/x.ts', 'export const y = <string>(x as unknown);', true],
  ['src/areas/x.ts', 'export const y = (<unknown>x) as string;', true],
  ['src/local/x.ts', 'export const y = x as unknown as string;', true],
  ['src/check/x.ts', 'export const y = x as unknown as string;', true],
  ['src/areas/x.ts', 'export const y = x as unknown;', false],
  ['src/areas/x.ts', 'export const y = x as 1 | 2;', false],
  ['src/plan/x.ts', 'export const y = x as unknown as string;', false],
];

describe('no assertion through unknown or any in src/areas, src/local, src/check', () => {
  it.each(CASES)('%s: %s refused=%s', async (file, code, expected) => {
    expect(await refused(file, code)).toBe(expected);
  });
});
