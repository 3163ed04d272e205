import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { parseDotEnv } from '../../src/project/env-vars.js';
import { validateProject } from '../../src/project/index.js';

const EXAMPLES = readdirSync(new URL('../../examples/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  // examples/ also holds things that are not projects (github-actions/).
  .filter((name) => existsSync(new URL(`../../examples/${name}/appdeploy.yaml`, import.meta.url)));

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

describe('examples variables', () => {
  const root = fileURLToPath(new URL('../../examples/', import.meta.url));
  const referenced = (name: string) => {
    const files = [
      join(root, name, 'appdeploy.yaml'),
      ...readdirSync(join(root, name, 'apps'))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => join(root, name, 'apps', f)),
    ];
    const text = files.map((f) => readFileSync(f, 'utf8')).join('\n');
    return [...new Set([...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!))].sort();
  };
  const withVariables = EXAMPLES.filter((name) => referenced(name).length > 0);

  it.each(withVariables)(
    'examples/%s keeps .env out of git and lists every variable in .env.example',
    (name) => {
      const ignored = readFileSync(join(root, name, '.gitignore'), 'utf8').split('\n');
      expect(ignored).toContain('.env');
      const example = readFileSync(join(root, name, '.env.example'), 'utf8');
      expect(parseDotEnv(example).errors).toEqual([]);
      // Optional ones are shown commented out, with their default.
      const listed = [...example.matchAll(/^(?:# )?([A-Za-z_][A-Za-z0-9_]*)=/gm)].map((m) => m[1]!);
      expect([...new Set(listed)].sort()).toEqual(referenced(name));
    },
  );

  it.each(withVariables)(
    'examples/%s validates in every environment with .env.example as .env',
    async (name) => {
      const dir = mkdtempSync(join(tmpdir(), `appdeploy-${name}-`));
      try {
        cpSync(join(root, name), dir, { recursive: true });
        cpSync(join(dir, '.env.example'), join(dir, '.env'));
        const config = parse(readFileSync(join(dir, 'appdeploy.yaml'), 'utf8')) as { environments: object };
        for (const env of Object.keys(config.environments)) {
          const result = await validateProject({ cwd: dir, env, variables: {} });
          expect(result.problems, env).toEqual([]);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('examples coverage', () => {
  const root = fileURLToPath(new URL('../../examples/', import.meta.url));
  const manifests = EXAMPLES.flatMap((name) =>
    readdirSync(join(root, name, 'apps'))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => join(root, name, 'apps', f)),
  );
  const parsed = manifests.map((file) => parse(readFileSync(file, 'utf8')) as Record<string, any>);

  it('every manifest and project file starts with a schema line that points at the schema', () => {
    const files = [...manifests, ...EXAMPLES.map((name) => join(root, name, 'appdeploy.yaml'))];
    for (const file of files) {
      const first = readFileSync(file, 'utf8').split('\n')[0] ?? '';
      const match = /^# yaml-language-server: \$schema=(\S+)$/.exec(first);
      expect(match, file).not.toBeNull();
      const schema = resolve(dirname(file), match![1]!);
      expect(schema).toBe(
        resolve(
          root,
          '..',
          'schema',
          file.endsWith('appdeploy.yaml') ? 'project.schema.json' : 'app.schema.json',
        ),
      );
      expect(existsSync(schema)).toBe(true);
    }
  });

  it('together use every field type of the schema', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8'));
    const all: string[] = schema.$defs.field.properties.type.enum;
    const used = new Set<string>();
    for (const m of parsed)
      for (const field of Object.values<any>(m.fields ?? {})) {
        used.add(field.type);
        for (const member of Object.values<any>(field.fields ?? {})) used.add(member.type);
      }
    expect(all.filter((t) => !used.has(t))).toEqual([]);
  });

  it('together use every area of the manifest, every view type and every chart type', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schema/app.schema.json', import.meta.url), 'utf8'));
    const areas = Object.keys(schema.properties).filter((k) => !['space', 'thread'].includes(k));
    const used = new Set(parsed.flatMap((m) => Object.keys(m)));
    expect(areas.filter((a) => !used.has(a))).toEqual([]);
    const views = new Set(
      parsed.flatMap((m) => Object.values<{ type: string }>(m.views ?? {}).map((v) => v.type)),
    );
    expect([...views].sort()).toEqual(['CALENDAR', 'CUSTOM', 'LIST']);
    const charts = new Set(
      parsed.flatMap((m) => Object.values<{ chartType: string }>(m.reports ?? {}).map((r) => r.chartType)),
    );
    expect(schema.$defs.report.properties.chartType.enum.filter((c: string) => !charts.has(c))).toEqual([]);
    const notifications = new Set(parsed.flatMap((m) => Object.keys(m.notifications ?? {})));
    expect([...notifications].sort()).toEqual(['general', 'perRecord', 'reminder']);
  });
});
