/**
 * The apps `appdeploy seed` writes and their record files as seed writes them: the apps named (or
 * every app with `records: { file, key }`), in the order their lookups need (an app whose lookup
 * reads another seeded app comes after it: the platform checks a lookup's key against the other
 * app's records when the record is written, spec/platform-facts.md "Lookups"); each record
 * converted by the plain-value table (platform/record-values.ts), users, groups and organizations
 * renamed by the environment's maps (a code mapped to null is left out, as manifests do), files
 * described by name and size (relative to the record file), fields a lookup copies left out (the
 * platform overwrites them: lookupCopies).
 */
import { stat } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { AppdeployError } from '../errors.js';
import { plainRecordToWrite, PLAIN_VALUES, type PlainField, type RecordWrite } from '../platform/index.js';
import {
  appdeployCommand,
  displayPath,
  lookupCopies,
  nearestThen,
  principalTarget,
  readRecordFile,
  recordsTimeZone,
  type FieldManifest,
  type Location,
  type PrincipalMaps,
  type Project,
  type ProjectApp,
  fileInAnyForm,
} from '../project/index.js';
import {
  keyText,
  type SeedFile,
  type SeedRecord,
  type SeedRow,
  type SeedScalar,
  type SeedTarget,
} from '../records/index.js';

export interface SeedApp extends Omit<SeedTarget, 'clean'> {
  key: string;
  /** The app's key in appdeploy.yaml. */
  name: string;
  /** The record file, relative to the project. */
  file: string;
  /** Every user, group and organization its records name, where (seed-directory.ts looks them up). */
  principals: SeedPrincipal[];
  /** The record file as validate names it (from the folder the command runs in) and its text: where problems in it point, and their source lines. */
  source: { file: string; text: string };
}

/** A user, group or organization a record names: as the file writes it, as the target is asked for it. */
export interface SeedPrincipal {
  kind: 'USER' | 'GROUP' | 'ORGANIZATION';
  /** The code the environment's map gives (the one written). */
  code: string;
  /** The code the record file writes. */
  named: string;
  /** The record's key. */
  record: string;
  /** The record's top-level field (the table, for a column). */
  field: string;
  at: Location;
}

/** The apps to seed, in lookup order, with their records. */
export async function loadSeedApps(project: Project, names: readonly string[]): Promise<SeedApp[]> {
  const chosen = seededApps(project, names);
  for (const app of chosen)
    if (app.id === null)
      throw new AppdeployError(
        'SEED.APP',
        `app "${app.key}" has no id in environment ${project.environment.name}`,
        {
          hint: `Apply it first (apply creates it): \`${appdeployCommand(project, 'apply')}\`, then seed.`,
        },
      );
  const out: SeedApp[] = [];
  for (const app of lookupOrder(chosen)) out.push(await loadApp(project, app));
  return out;
}

/**
 * The apps seed writes: those named, else every app with `records: { file, key }`. Refused before
 * seed connects when that is none: a seed that writes nothing because no record file is set up
 * is a project to fix, not records that match (a script running `seed --yes` should not pass).
 */
export function seededApps(project: Project, names: readonly string[]): ProjectApp[] {
  const seeded = (app: ProjectApp) => project.config.apps?.[app.key]?.records !== undefined;
  for (const name of names) {
    const app = project.apps.find((a) => a.key === name);
    if (!app)
      throw new AppdeployError('SEED.APP', `no app "${name}" in the project`, {
        hint: nearestThen(
          name,
          project.apps.map((a) => a.key),
          `Name apps with a record file: ${
            project.apps
              .filter(seeded)
              .map((a) => a.key)
              .join(', ') || '(none)'
          }.`,
        ),
      });
    if (!seeded(app))
      throw new AppdeployError('SEED.NO_RECORDS', `nothing to seed: app "${name}" has no record file`, {
        hint: addRecordsHint(project, name),
      });
  }
  const chosen = project.apps.filter((a) => seeded(a) && (names.length === 0 || names.includes(a.key)));
  if (chosen.length === 0)
    throw new AppdeployError(
      'SEED.NO_RECORDS',
      'nothing to seed: no app in appdeploy.yaml has a record file',
      {
        hint: addRecordsHint(project, project.apps[0]?.key ?? 'KEY'),
      },
    );
  return chosen;
}

function addRecordsHint(project: Project, app: string): string {
  const exported = appdeployCommand(project, 'export', `--records --app ${app}`);
  return (
    `Add \`records: { file: records/${app}.yaml, key: CODE }\` under apps.${app} in appdeploy.yaml` +
    ` (CODE: a field with \`unique: true\`), or write the file from an environment whose app has` +
    ` records (choose it with --env): \`${exported}\`.`
  );
}

/** The apps, each after those of them its lookups read (project order otherwise; a cycle keeps it). */
export function lookupOrder<T extends { key: string; manifest: { fields?: Record<string, FieldManifest> } }>(
  apps: readonly T[],
): T[] {
  const keys = new Set(apps.map((a) => a.key));
  const needs = new Map(
    apps.map((a) => [a.key, lookedUp(a.manifest.fields ?? {}).filter((k) => keys.has(k) && k !== a.key)]),
  );
  const out: T[] = [];
  const placed = new Set<string>();
  while (out.length < apps.length) {
    const ready = apps.find(
      (a) => !placed.has(a.key) && (needs.get(a.key) ?? []).every((k) => placed.has(k)),
    );
    // A cycle of lookups: the first app left goes next (its lookups' keys may then be refused).
    const next = ready ?? apps.find((a) => !placed.has(a.key))!;
    placed.add(next.key);
    out.push(next);
  }
  return out;
}

/** The app keys a manifest's lookups read (`relatedApp: { app: KEY }`), tables included. */
function lookedUp(fields: Record<string, FieldManifest>): string[] {
  const out: string[] = [];
  for (const field of Object.values(fields)) {
    const related = (field as { lookup?: { relatedApp?: { app?: unknown } } }).lookup?.relatedApp?.app;
    if (typeof related === 'string') out.push(related);
    if (field.type === 'SUBTABLE') out.push(...lookedUp(field.fields));
  }
  return out;
}

async function loadApp(project: Project, app: ProjectApp): Promise<SeedApp> {
  const setting = project.config.apps![app.key]!.records!;
  const path = resolve(project.root, setting.file);
  // Named as validate names it, so that a problem found here points where validate's would.
  const source = await readRecordFile(path, displayPath(process.cwd(), path));
  const fields = (app.manifest.fields ?? {}) as Record<string, FieldManifest & PlainField>;
  const convert = seedConverter(fields, project.environment.config, dirname(path));
  // A date written for a DATETIME field is its midnight here (the field's migrate.timeZone
  // first): where a migration from DATE put it, so a seed right after the migration writes nothing.
  const timeZone = recordsTimeZone(project.environment);
  const records: SeedRecord[] = [];
  const principals: SeedPrincipal[] = [];
  for (const [index, plain] of (source.records ?? []).entries()) {
    const write =
      typeof plain === 'object' && plain !== null && !Array.isArray(plain)
        ? plainRecordToWrite(fields, plain as Record<string, unknown>, source.csv, { timeZone })
        : null;
    // validate ran before seed (withProject checks record files): this is a file changed since.
    if (write === null || source.problems.length > 0)
      throw new AppdeployError('SEED.APP', `${setting.file}: record ${index + 1} is not one seed can write`, {
        hint: `Run \`${appdeployCommand(project, 'validate')}\` and fix what it reports.`,
      });
    // A record without its key could be matched by nothing, and `""` never counts as a duplicate
    // (platform-facts-verified.md "Required, unique, lengths"): each run would add it again.
    if (keyText(write[setting.key]?.value) === '')
      throw new AppdeployError('SEED.APP', `${setting.file}: record ${index + 1} has no "${setting.key}"`, {
        hint: `Give every record its key "${setting.key}": seed matches records by it.`,
      });
    const record = keyText(write[setting.key]?.value);
    records.push(
      await convert(write, (p) =>
        principals.push({
          kind: p.kind,
          code: p.code,
          named: p.named,
          record,
          field: String(p.path[0]),
          at: source.locate([index, ...p.path]),
        }),
      ),
    );
  }
  return {
    name: app.key,
    app: app.id!,
    key: setting.key,
    file: setting.file,
    records,
    principals,
    source: { file: source.file, text: source.text },
  };
}

const KIND = { USER_SELECT: 'users', GROUP_SELECT: 'groups', ORGANIZATION_SELECT: 'organizations' } as const;
const DIRECTORY_KIND = { users: 'USER', groups: 'GROUP', organizations: 'ORGANIZATION' } as const;

/** A code met while converting: its kind, as written and as mapped, and its path in the record (`[field, i]`, `[table, row, column, i]`). */
export type PrincipalMet = (met: {
  kind: SeedPrincipal['kind'];
  code: string;
  named: string;
  path: (string | number)[];
}) => void;

/** A record file's write as seed writes it (see the module's comment). */
export function seedConverter(
  fields: Record<string, FieldManifest>,
  maps: PrincipalMaps | undefined,
  folder: string,
): (write: RecordWrite, met?: PrincipalMet) => Promise<SeedRecord> {
  const copied = lookupCopies(fields);
  const convert = async (
    all: Record<string, FieldManifest>,
    write: RecordWrite,
    at: (string | number)[],
    met: PrincipalMet,
  ): Promise<SeedRecord> => {
    const out: SeedRecord = {};
    for (const [code, { value }] of Object.entries(write)) {
      const field = all[code];
      if (!field || copied.has(code) || PLAIN_VALUES[field.type].shape === 'none') continue;
      if (field.type === 'SUBTABLE') {
        const rows: SeedRow[] = [];
        for (const [i, row] of (value as { value: RecordWrite }[]).entries())
          rows.push({
            value: (await convert(field.fields, row.value, [...at, code, i], met)) as SeedRow['value'],
          });
        out[code] = { value: rows };
      } else out[code] = { value: await scalar(field, value as SeedScalar, [...at, code], met) };
    }
    return out;
  };
  const scalar = async (
    field: FieldManifest,
    value: SeedScalar,
    at: (string | number)[],
    met: PrincipalMet,
  ): Promise<SeedScalar> => {
    const kind = KIND[field.type as keyof typeof KIND] as keyof PrincipalMaps | undefined;
    if (kind)
      return (value as { code: string }[]).flatMap(({ code }, i) => {
        const mapped = maps ? principalTarget(maps, kind, code) : code;
        if (mapped === null) return [];
        // The index steps into a list; a code written alone is located at the value itself.
        met({ kind: DIRECTORY_KIND[kind], code: mapped, named: code, path: [...at, i] });
        return [{ code: mapped }];
      });
    if (field.type === 'FILE')
      return Promise.all((value as unknown as { path: string }[]).map((f) => seedFile(folder, f.path)));
    return value;
  };
  return (write, met = () => undefined) => convert(fields, write, [], met);
}

async function seedFile(folder: string, path: string): Promise<SeedFile> {
  const absolute = resolve(folder, path);
  // On disk in the Unicode form macOS wrote it (NFD) while the record file says NFC, or the reverse.
  const onDisk = fileInAnyForm(absolute);
  const found = onDisk === null ? null : await stat(onDisk).catch(() => null);
  if (onDisk === null || !found?.isFile())
    throw new AppdeployError(
      'SEED.APP',
      `no such file ${path} (relative to the record file's folder ${folder})`,
      {
        hint: 'Put the file there, or correct its path in the record file.',
      },
    );
  // Uploaded under its name as the record file writes it: the name seed and export compare.
  return { path: onDisk, name: basename(absolute), size: found.size };
}
