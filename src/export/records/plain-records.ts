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
}

export interface PlainRecord {
  /** The key's value as text (after masking), for ordering and the files' folder. */
  key: string;
  keyValue: unknown;
  fields: Record<string, unknown>;
  files: FileJob[];
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
            files.push({ fileKey: attachment.fileKey, path });
            return { path };
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
          if (code === key && folder === '') folder = safeName(String(plain));
        }
        return out;
      };
      const out = fill(top, record);
      const keyValue = out[key];
      return { key: String(keyValue), keyValue, fields: out, files };
    },
  };
}

/** A name safe as one path segment on every system (a key or a file's name as the service gave it). */
function safeName(name: string): string {
  const safe = name.replace(/[^\p{L}\p{N}._ -]/gu, '_').trim();
  return safe === '' || /^\.+$/.test(safe) ? '_' : safe;
}

/** Two attachments of one record with the same name: the second becomes "2-name", and so on. */
function uniquePath(taken: readonly FileJob[], path: string): string {
  const used = new Set(taken.map((f) => f.path));
  if (!used.has(path)) return path;
  const cut = path.lastIndexOf('/') + 1;
  for (let n = 2; ; n++) {
    const candidate = `${path.slice(0, cut)}${n}-${path.slice(cut)}`;
    if (!used.has(candidate)) return candidate;
  }
}
