/**
 * One manifest, two judges: validate (validateProject on a one-app project holding it) and the
 * local service (the same settings written over its REST interface). Each says whether it takes
 * the part under test, so a test can assert they agree (issue 35: validate and the local service
 * must not disagree).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateProject } from '../../src/project/index.js';

/**
 * The problems validate reports under `prefix` (a dotted manifest path such as `views`); a key that
 * is not a plain name shows in brackets (`views["漢字"]`).
 */
export async function validateProblems(manifest: Record<string, unknown>, prefix: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'appdeploy-agree-'));
  try {
    // JSON is YAML: the manifest is written as the loader reads any other.
    await writeFile(join(dir, 'a.yaml'), JSON.stringify(manifest, null, 2));
    await writeFile(
      join(dir, 'appdeploy.yaml'),
      ['environments:', '  local: {}', 'apps:', '  a: { manifest: a.yaml }', ''].join('\n'),
    );
    const result = await validateProject({ cwd: dir, variables: {} });
    return result.problems
      .filter(
        (p) =>
          p.path === prefix ||
          (/^[.[]/.test((p.path ?? '').slice(prefix.length)) && (p.path ?? '').startsWith(prefix)),
      )
      .map((p) => `${p.code} ${p.path ?? ''}: ${p.message}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A manifest's field definitions (keyed by code, SUBTABLE columns under `fields`) as the REST write's `properties`. */
export function restProperties(fields: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([code, def]) => {
      const out: Record<string, unknown> = { ...def, code };
      if (def.type === 'SUBTABLE')
        out.fields = restProperties(def.fields as Record<string, Record<string, unknown>>);
      if (def.options !== undefined)
        out.options = Object.fromEntries(
          Object.entries(def.options as Record<string, { label: string }>).map(([key, o], index) => [
            key,
            { ...o, index: String(index) },
          ]),
        );
      return [code, out];
    }),
  );
}
