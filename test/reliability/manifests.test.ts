import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { validateProject, type ValidationResult } from '../../src/project/index.js';
import { FUZZ_TIMEOUT, fuzz } from './fuzz.js';

/**
 * The YAML loader and validator on mutated manifests: whatever the file holds, validate lists
 * problems, each located at file:line:col inside a file it read, and never throws; a project it
 * accepts has no problems but its record files' and one it refuses has at least one.
 */
const EXAMPLES = new URL('../../examples/', import.meta.url);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function copyExample(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `appdeploy-fuzz-${name}-`));
  dirs.push(dir);
  cpSync(new URL(name, EXAMPLES), dir, { recursive: true });
  return dir;
}

type Tree = unknown;
/** Every path to a node of a parsed YAML value (maps and arrays entered). */
function paths(value: Tree, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

const garbage = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom('${UNSET_VAR}', '${', '', '\u0000', 'TRUE', -1, 1e308, [], {}, [[[]]], 'x'.repeat(5000)),
);
type TreeEdit = { kind: 'delete' | 'replace' | 'insert'; at: number; value: unknown; key: string };
const treeEdit = fc.record({
  kind: fc.constantFrom('delete', 'replace', 'insert'),
  at: fc.nat(),
  value: garbage,
  key: fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('type', 'code', 'fields', '__proto__', 'constructor'),
  ),
}) as fc.Arbitrary<TreeEdit>;

function editTree(root: Tree, edit: TreeEdit): Tree {
  // A copy: later edits write into inserted values, and fast-check may hand the same value to
  // another run (a shared one would grow cycles).
  edit = { ...edit, value: structuredClone(edit.value) };
  const all = paths(root);
  const path = all[edit.at % all.length]!;
  if (path.length === 0) return edit.kind === 'replace' ? edit.value : root;
  const parent = path.slice(0, -1).reduce<any>((node, step) => node[step] as unknown, root);
  const last = path[path.length - 1]!;
  if (edit.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (edit.kind === 'replace') parent[last] = edit.value;
  else if (parent && typeof parent === 'object' && !Array.isArray(parent))
    Object.defineProperty(parent, edit.key, {
      value: edit.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else if (Array.isArray(parent)) parent.push(edit.value);
  return root;
}

type TextEdit = { kind: 'truncate' | 'insert' | 'dupLine' | 'indent'; at: number; text: string };
const textEdit = fc.record({
  kind: fc.constantFrom('truncate', 'insert', 'dupLine', 'indent'),
  at: fc.nat(),
  text: fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(
      ': ',
      '- ',
      '{',
      '[',
      '"',
      "'",
      '\t',
      '&a',
      '*a',
      '<<: *a',
      '!!binary',
      '---\n',
      '\n  x: 1\n',
      '#',
    ),
  ),
}) as fc.Arbitrary<TextEdit>;

function editText(text: string, edit: TextEdit): string {
  const at = edit.at % (text.length + 1);
  if (edit.kind === 'truncate') return text.slice(0, at);
  if (edit.kind === 'insert') return text.slice(0, at) + edit.text + text.slice(at);
  const lines = text.split('\n');
  const line = edit.at % lines.length;
  if (edit.kind === 'dupLine') lines.splice(line, 0, lines[line]!);
  else lines[line] = ' ' + lines[line]!;
  return lines.join('\n');
}

function expectLocated(result: ValidationResult): void {
  // A project it accepts has no problems but those of its record files, which only seed and
  // export --records read (docs/records.md, "Record files and the other commands"): a manifest
  // cut short keeps its app, and the record file then names fields the app no longer has.
  if (result.project === null) expect(result.problems.length).toBeGreaterThan(0);
  else expect(result.problems).toEqual(result.recordProblems);
  for (const p of result.recordProblems) expect(result.problems).toContain(p);
  for (const p of result.problems) {
    expect(p.message, JSON.stringify(p)).toMatch(/\S/);
    expect(p.code).toMatch(/^[A-Z]+\.[A-Z_]+$/);
    // Located in a file validate read, at a line that file has.
    const source = result.sources.get(p.file);
    expect(source, `${p.file} not among the files read: ${JSON.stringify(p)}`).toBeDefined();
    expect(p.line).toBeGreaterThanOrEqual(1);
    expect(p.col).toBeGreaterThanOrEqual(1);
    expect(p.line, JSON.stringify(p)).toBeLessThanOrEqual(source!.split('\n').length + 1);
  }
}

const TARGETS = [
  { example: 'helpdesk', manifest: 'apps/tickets.yaml' },
  { example: 'crm', manifest: 'apps/deals.yaml' },
  { example: 'crm', manifest: 'appdeploy.yaml' },
];

describe('manifest fuzz', { timeout: FUZZ_TIMEOUT }, () => {
  for (const { example, manifest } of TARGETS) {
    const dir = copyExample(example);
    const file = join(dir, manifest);
    const original = readFileSync(file, 'utf8');
    const validate = async (text: string) => {
      writeFileSync(file, text);
      try {
        return await validateProject({ cwd: dir, variables: {} });
      } finally {
        writeFileSync(file, original);
      }
    };

    it(`${example}/${manifest} as it is is valid (the mutations start from a valid project)`, async () => {
      expect((await validate(original)).problems).toEqual([]);
    });

    it(`${example}/${manifest}: tree mutations never throw, problems always located`, async (context) => {
      await fuzz(context, fc.array(treeEdit, { minLength: 1, maxLength: 3 }), async (edits) => {
        const tree = edits.reduce((t, e) => editTree(t, e), parse(original) as Tree);
        expectLocated(await validate(stringify(tree)));
      });
    });

    it(`${example}/${manifest}: text mutations never throw, problems always located`, async (context) => {
      await fuzz(context, fc.array(textEdit, { minLength: 1, maxLength: 3 }), async (edits) => {
        expectLocated(await validate(edits.reduce(editText, original)));
      });
    });
  }

  it('random bytes as a manifest', async (context) => {
    const dir = copyExample('helpdesk');
    const file = join(dir, 'apps/tickets.yaml');
    await fuzz(context, fc.uint8Array({ maxLength: 300 }), async (bytes) => {
      writeFileSync(file, bytes);
      expectLocated(await validateProject({ cwd: dir, variables: {} }));
    });
  });
});
