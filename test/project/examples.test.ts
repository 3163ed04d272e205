import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
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
