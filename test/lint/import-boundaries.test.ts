import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN's import rules, through the project's own ESLint configuration: one import at a time,
 * placed at a (virtual) file under src/, either passes or is refused by no-restricted-imports.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
// The virtual files are in no tsconfig, so type information is off (the import rules need none).
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [
    { languageOptions: { parserOptions: { projectService: false } } },
    tseslint.configs.disableTypeChecked,
  ],
});

async function refused(file: string, code: string): Promise<boolean> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}/${file}` });
  const messages = result!.messages;
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${file}: ${fatal.message}`);
  return messages.some((m) => m.ruleId === '@typescript-eslint/no-restricted-imports');
}

const value = (from: string) => `import * as m from '${from}';\nvoid m;`;
const type = (from: string) => `import type { X } from '${from}';\nexport type Y = X;`;

// [file, import statement, refused?]
const CASES: [string, string, boolean][] = [
  // client/: platform/ only (the facts it shares with the local service); query/, platform/: nothing
  ['src/client/x.ts', value('../project/index.js'), true],
  ['src/client/x.ts', value('../platform/index.js'), false],
  ['src/client/types/x.ts', type('../../platform/index.js'), false],
  ['src/client/x.ts', value('../emulator/auth.js'), true],
  ['src/client/x.ts', value('../query/index.js'), true],
  ['src/client/x.ts', value('./errors.js'), false],
  ['src/query/x.ts', value('../platform/index.js'), true],
  ['src/platform/x.ts', value('../client/index.js'), true],
  ['src/platform/x.ts', value('../errors.js'), true],
  ['src/platform/x.ts', value('../../package.json'), true],
  ['src/platform/x.ts', value('./field-types.js'), false],
  // plugin-package/: nothing else from src/, and the layers that read packages may import it
  ['src/plugin-package/x.ts', value('../errors.js'), true],
  ['src/plugin-package/x.ts', value('../emulator/errors.js'), true],
  ['src/plugin-package/x.ts', value('./zip.js'), false],
  ['src/emulator/handlers/plugins/x.ts', value('../../../plugin-package/index.js'), false],
  ['src/project/checks/x.ts', value('../../plugin-package/index.js'), false],
  ['src/plan/x.ts', value('../plugin-package/index.js'), false],
  ['src/apply/x.ts', value('../plugin-package/index.js'), false],
  ['src/render/x.ts', value('../plugin-package/index.js'), true],
  ['src/client/x.ts', value('../plugin-package/index.js'), true],
  // emulator/: query/, platform/ and plugin-package/ only
  ['src/emulator/handlers/x.ts', value('../../platform/index.js'), false],
  ['src/emulator/handlers/records/x.ts', value('../../../query/index.js'), false],
  ['src/emulator/handlers/records/x.ts', value('../../model/app.js'), false],
  ['src/emulator/x.ts', value('../client/index.js'), true],
  ['src/emulator/handlers/x.ts', type('../../project/index.js'), true],
  ['src/emulator/x.ts', value('../cli/main.js'), true],
  // project/: platform/, query/, errors.ts, and types from client/types
  ['src/project/checks/x.ts', type('../../client/types/common.js'), false],
  ['src/project/checks/x.ts', value('../../client/types/common.js'), true],
  ['src/project/x.ts', type('../client/index.js'), true],
  ['src/project/x.ts', value('../platform/index.js'), false],
  ['src/project/x.ts', value('../errors.js'), false],
  ['src/project/x.ts', value('../emulator/index.js'), true],
  // areas/: client/ (types), project/, platform/, query/
  ['src/areas/x.ts', type('../client/index.js'), false],
  ['src/areas/x.ts', value('../client/index.js'), true],
  ['src/areas/x.ts', value('../project/index.js'), false],
  ['src/areas/x.ts', value('../plan/index.js'), true],
  ['src/areas/x.ts', value('../emulator/index.js'), true],
  // plan/: areas/, client/, project/, platform/
  ['src/plan/x.ts', value('../areas/index.js'), false],
  ['src/plan/x.ts', value('../client/index.js'), false],
  ['src/plan/x.ts', value('../render/index.js'), true],
  ['src/plan/x.ts', value('../emulator/index.js'), true],
  ['src/plan/x.ts', value('../query/index.js'), false],
  // render/: plan/ types, and apply/ types for the apply message, which the CLI, plan --check and
  // library callers all word alike (cli/ is importable by none of them); the wording leaf
  ['src/render/x.ts', type('../plan/index.js'), false],
  ['src/render/x.ts', value('../plan/index.js'), true],
  ['src/render/x.ts', type('../platform/index.js'), true],
  ['src/render/text/x.ts', value('./colour.js'), false],
  ['src/render/x.ts', type('../apply/types.js'), false],
  ['src/render/x.ts', value('../apply/index.js'), true],
  ['src/render/x.ts', value('../wording.js'), false],
  ['src/render/x.ts', value('../errors.js'), true],
  ['src/check/x.ts', value('../render/index.js'), false],
  // the wording leaf imports nothing; apply/ words its reasons with it
  ['src/wording.ts', value('./errors.js'), true],
  ['src/apply/x.ts', value('../wording.js'), false],
  ['src/records/x.ts', value('../wording.js'), false],
  // the terminal's widths of text: a leaf; render/ lines values up with it, project/ the caret
  ['src/text-width.ts', value('./errors.js'), true],
  ['src/render/x.ts', value('../text-width.js'), false],
  ['src/project/x.ts', value('../text-width.js'), false],
  ['src/platform/x.ts', value('../text-width.js'), true],
  // apply/, export/: no emulator, no cli
  ['src/apply/x.ts', value('../plan/index.js'), false],
  ['src/apply/x.ts', value('../emulator/index.js'), true],
  ['src/export/x.ts', value('../cli/main.js'), true],
  // emulator/ is started only by cli/, src/index.ts and local/
  ['src/local/x.ts', value('../emulator/index.js'), false],
  ['src/cli/commands/x.ts', value('../../emulator/index.js'), false],
  ['src/index.ts', value('./emulator/index.js'), false],
  ['src/index.ts', value('./cli/main.js'), true],
  ['src/errors.ts', value('./platform/index.js'), true],
  // the atomic write imports nothing; the rooms that write files a later command reads import it
  ['src/atomic-write.ts', value('./errors.js'), true],
  ['src/project/x.ts', value('../atomic-write.js'), false],
  ['src/records/x.ts', value('../atomic-write.js'), false],
  ['src/apply/x.ts', value('../atomic-write.js'), false],
  ['src/export/records/x.ts', value('../../atomic-write.js'), false],
  ['src/cli/commands/x.ts', value('../../atomic-write.js'), false],
  ['src/render/x.ts', value('../atomic-write.js'), true],
  ['src/client/x.ts', value('../atomic-write.js'), true],
  // usage/ (the where-used index): the query parser and project types; read by plan/ and docgen/
  ['src/usage/x.ts', value('../query/index.js'), false],
  ['src/usage/x.ts', type('../project/index.js'), false],
  ['src/usage/x.ts', value('../project/index.js'), true],
  ['src/usage/x.ts', value('../plan/index.js'), true],
  ['src/plan/x.ts', value('../usage/index.js'), false],
  ['src/docgen/x.ts', value('../usage/index.js'), false],
  ['src/docgen/x.ts', value('../plan/index.js'), true],
  ['src/render/x.ts', value('../usage/index.js'), true],
  // readers/ (what plan/ and apply/ both read): files, plug-in packages, the client's types only
  ['src/readers/x.ts', value('../plugin-package/index.js'), false],
  ['src/readers/x.ts', value('../errors.js'), false],
  ['src/readers/x.ts', type('../client/index.js'), false],
  ['src/readers/x.ts', value('../client/index.js'), true],
  ['src/readers/x.ts', value('../plan/index.js'), true],
  ['src/readers/x.ts', value('../apply/index.js'), true],
  ['src/readers/x.ts', value('../areas/index.js'), true],
  ['src/plan/x.ts', value('../readers/index.js'), false],
  ['src/apply/x.ts', value('../readers/index.js'), false],
  ['src/apply/x.ts', value('../readers/download-hash.js'), false],
  ['src/check/x.ts', value('../readers/index.js'), false],
  ['src/render/x.ts', value('../readers/index.js'), true],
  // apply/ reads plan/ through plan/index.js only, types and values alike, at any depth
  ['src/apply/x.ts', value('../plan/read.js'), true],
  ['src/apply/x.ts', value('../plan/steps.js'), true],
  ['src/apply/x.ts', type('../plan/types.js'), true],
  ['src/apply/x.ts', type('../plan/index.js'), false],
  ['src/apply/inner/x.ts', value('../../plan/read.js'), true],
  ['src/apply/inner/x.ts', value('../../plan/index.js'), false],
  ['src/apply/x.ts', value('../plan/index.json'), true],
  ['src/check/x.ts', value('../plan/index.js'), false],
];

describe('import boundaries (eslint.boundaries.js)', () => {
  it.each(CASES)('%s: %s -> refused %s', async (file, code, expected) => {
    expect(await refused(file, code)).toBe(expected);
  });
});
