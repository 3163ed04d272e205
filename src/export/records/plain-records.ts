/**
 * A record as read, as a record file writes it: the manifest's fields in its order (the key
 * first), each value plain (platform/record-values.ts), empty ones left out, fields the service
 * fills in left out (system, calculated, copied by a lookup); users, groups and organizations
 * mapped back to the codes the manifests use (the environment's maps in reverse: a code no entry
 * maps to is kept as it is); files named by where export puts them.
 */
import { PLAIN_VALUES, readToPlain, type ReadValue } from '../../platform/index.js';
import {
  inversePrincipalMaps,
  lookupCopies,
  type FieldManifest,
  type PrincipalKind,
  type PrincipalMaps,
} from '../../project/index.js';
import type { Masker } from './mask.js';

export interface FileJob {
  fileKey: string;
  /** Relative to the record file's folder, with `/`. */
  path: string;
  /** The value the record names it by (the same path), moved with it by separateFolders. */
  plain: { path: string };
}

export interface PlainRecord {
  /** The key's value as text (after masking), for ordering and the files' folder. */
  key: string;
  keyValue: unknown;
  fields: Record<string, unknown>;
  files: FileJob[];
  /** The folder of its attachments below the app's (its key, made safe as a name). */
  folder: string;
}

export interface Converter {
  toPlain(record: Record<string, ReadValue>): PlainRecord;
}

const KIND: Readonly<Record<string, PrincipalKind>> = {
  USER_SELECT: 'users',
  GROUP_SELECT: 'groups',
  ORGANIZATION_SELECT: 'organizations',
};

export function recordConverter(options: {
  fields: Record<string, FieldManifest>;
  key: string;
  /** Where attachments go, relative to the record file: one folder per record below it. */
  folder: string;
  maps: PrincipalMaps | undefined;
  masker: Masker | null;
  masked: ReadonlySet<string>;
}): Converter {
  const { fields, key, masker, masked } = options;
  const inverse = inversePrincipalMaps(options.maps);
  const copied = lookupCopies(fields);
  const written = (all: Record<string, FieldManifest>) =>
    Object.entries(all).filter(([code, f]) => PLAIN_VALUES[f.type].shape !== 'none' && !copied.has(code));
  const top = written(fields).sort(([a], [b]) => Number(b === key) - Number(a === key));

  return {
    toPlain(record) {
      const files: FileJob[] = [];
      let folder = '';
      const plainOf = (code: string, field: FieldManifest, read: ReadValue | undefined): unknown => {
        if (!read) return undefined;
        if (field.type === 'SUBTABLE') return tableOf(field.fields, read);
        const kind = KIND[field.type];
        const plain = readToPlain(read, {
          principal: (code) => (kind ? (inverse[kind].get(code) ?? code) : code),
          file: (attachment) => {
            const path = uniquePath(files, `${options.folder}/${folder}/${safeName(attachment.name)}`);
            const plain = { path };
            files.push({ fileKey: attachment.fileKey, path, plain });
            return plain;
          },
        });
        return plain !== undefined && masker && masked.has(code) ? masker.mask(field, plain) : plain;
      };
      const tableOf = (columns: Record<string, FieldManifest>, read: ReadValue): unknown => {
        const rows = (read.value as { value: Record<string, ReadValue> }[] | null) ?? [];
        if (rows.length === 0) return undefined;
        return rows.map((row) => fill(written(columns), row.value));
      };
      const fill = (entries: [string, FieldManifest][], values: Record<string, ReadValue>) => {
        const out: Record<string, unknown> = {};
        for (const [code, field] of entries) {
          const plain = plainOf(code, field, values[code]);
          if (plain !== undefined) out[code] = plain;
          else if (values[code] !== undefined && hasDefault(field)) out[code] = null;
          if (code === key && folder === '') folder = safeName(String(plain));
        }
        return out;
      };
      const out = fill(top, record);
      const keyValue = out[key];
      return { key: String(keyValue), keyValue, fields: out, files, folder };
    },
  };
}

/**
 * Whether an add that leaves the field out gives it a value: its default (cybozu.dev, "レコードを
 * 登録する": a field left out of an add gets its initial value, 初期値), or now. Such a field's
 * empty value is written out (`null`) rather than left out as other empty values are: seeded
 * elsewhere, a record left without it was added with the default, and no longer equal to the one
 * exported (a radio button read empty came back as its default option).
 */
function hasDefault(field: FieldManifest): boolean {
  const f = field as { defaultValue?: unknown; defaultNowValue?: unknown };
  const value = f.defaultValue;
  return (
    f.defaultNowValue === true ||
    (typeof value === 'string' && value !== '') ||
    (Array.isArray(value) && value.length > 0)
  );
}

/**
 * Gives each record, in the order given (key order, so that a re-export writes the same paths), a
 * folder of its own: two keys that make the same safe name (`a/b` and `a_b`), or names that differ
 * only in case (one folder on macOS and Windows), would have had their attachments of the same
 * name downloaded to one path, the second over the first, and the first record seeded with the
 * second's file. The later one gets `<name>-2` (then -3...), its paths in the record moved too.
 */
export function separateFolders(records: readonly PlainRecord[], appFolder: string): void {
  const taken = new Set<string>();
  for (const record of records) {
    if (record.files.length === 0) continue;
    let folder = record.folder;
    for (let n = 2; taken.has(folder.toLowerCase()); n++) folder = `${record.folder}-${n}`;
    taken.add(folder.toLowerCase());
    if (folder === record.folder) continue;
    const from = `${appFolder}/${record.folder}/`;
    for (const job of record.files) {
      job.path = `${appFolder}/${folder}/${job.path.slice(from.length)}`;
      job.plain.path = job.path;
    }
    record.folder = folder;
  }
}

/**
 * A name safe as one path segment on every system (a key or a file's name as the service gave it):
 * only what a path or a common file system cannot hold is replaced (a separator, a control
 * character, and what Windows refuses: `: * ? " < > |`), and spaces at the ends. A seed names the
 * attachment it uploads by the file's name (seed-load.ts), so every other character is kept: an
 * export that wrote `x(1).pdf` as `x_1_.pdf` gave the environment seeded from it another name,
 * and a seed of the export back into its own environment planned to replace the file.
 */
function safeName(name: string): string {
  const safe = [...name]
    .map((c) => (unsafeInName(c) ? '_' : c))
    .join('')
    .trim();
  return safe === '' || /^\.+$/.test(safe) ? '_' : safe;
}

/**
 * Two attachments of one record with one name (or names a folder on macOS and Windows holds as
 * one: `Image.png`, `image.png`): the second goes into a folder `2` beside the first, and so on,
 * keeping its name, which a seed gives the file it uploads (as `2-image.png` it came back renamed).
 */
function uniquePath(taken: readonly FileJob[], path: string): string {
  const used = new Set(taken.map((f) => f.path.toLowerCase()));
  if (!used.has(path.toLowerCase())) return path;
  const cut = path.lastIndexOf('/') + 1;
  for (let n = 2; ; n++) {
    const candidate = `${path.slice(0, cut)}${n}/${path.slice(cut)}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

const UNSAFE_IN_NAME = new Set(['/', '\\', ':', '*', '?', '"', '<', '>', '|']);

/** A control character (U+0000 to U+001F, U+007F), a separator, or what Windows refuses in a name. */
function unsafeInName(c: string): boolean {
  const code = c.codePointAt(0) ?? 0;
  return code < 0x20 || code === 0x7f || UNSAFE_IN_NAME.has(c);
}
