/**
 * The text of a manifest: a new file rendered whole (schema line first), or an existing one
 * rewritten in place, where only the values that differ from the service change (merge.ts
 * chooses the edits, yaml-patch.ts makes them in the text).
 */
import { isCollection, isMap, isScalar, parseDocument } from 'yaml';
import type { AreaKey, ResolveContext } from '../areas/types.js';
import { AppdeployError } from '../errors.js';
import type { AreaPart } from './build-manifest.js';
import { distanceFor } from './distance.js';
import { applyEdits, getIn, looselyEqual, mergeManifest } from './merge.js';
import { escapeVariables, maskManifest, rawPath, writtenForm } from './variables.js';
import { patchYaml, type YamlEdit } from './yaml-patch.js';
import { styledDocument, TO_STRING } from './yaml-style.js';

type Obj = Record<string, unknown>;

/** A new manifest's text, after its first line (the schema modeline) when there is one. */
export function renderNewManifest(manifest: Obj, comment: string | null): string {
  const doc = styledDocument(manifest, 1);
  // A blank line before each block section, as the examples are written.
  if (isMap(doc.contents))
    doc.contents.items.forEach((pair, i) => {
      if (i > 0 && isCollection(pair.value) && !pair.value.flow && isScalar(pair.key))
        pair.key.spaceBefore = true;
    });
  return `${comment === null ? '' : `${comment}\n`}${doc.toString(TO_STRING)}`;
}

export interface UpdatedManifest {
  text: string;
  /** The manifest as data (variables expanded) before and after the update. */
  current: Obj;
  manifest: Obj;
  /** The parts of the areas the manifest manages (the ones it leaves out stay out). */
  managed: AreaPart[];
  /** Areas the manifest leaves out although the service has settings in them. */
  unmanaged: AreaKey[];
}

/**
 * The manifest on disk brought to the service's settings, comments and layout kept. `expanded`
 * is what the text means (its variables expanded, as the project loaded it); the merge works on
 * that, and the edits are written in the text's own terms (variables.ts).
 */
export function updateManifest(
  file: string,
  text: string,
  expanded: Obj | undefined,
  parts: readonly AreaPart[],
  ctx: ResolveContext,
  build: (managed: readonly AreaPart[]) => Obj,
): UpdatedManifest {
  const masked = maskManifest(text);
  const doc = parseDocument(masked.masked);
  const raw = doc.toJS() as unknown;
  if (doc.errors.length > 0 || !isObj(raw))
    throw new AppdeployError('EXPORT.MANIFEST', `${file}: not a manifest that export can update`, {
      hint:
        doc.errors[0]?.message ??
        'Fix the file (`npx appdeploy validate` lists its problems), or remove it to export it anew.',
    });
  const current = expanded ?? (masked.expand(raw, {}) as Obj);
  const managed = parts.filter(({ area }) => {
    try {
      return area.fromManifest(current as never, ctx) !== undefined;
    } catch {
      return true;
    }
  });
  const unmanaged = parts.filter((p) => !managed.includes(p) && hasContent(p.part)).map((p) => p.area.key);
  const { manifest, edits } = mergeManifest(current, build(managed), distanceFor(managed, ctx));
  const written = edits.map((edit) => inTextTerms(edit, raw, current));
  const patched = written.length > 0 ? patchYaml(masked.masked, written) : masked.masked;
  // The text edits must say what the merge decided; anything else is a bug of export.
  if (!looselyEqual(parseDocument(patched).toJS(), applyEdits(raw, written)))
    throw new Error(`export: the in-place update of ${file} does not read back as intended`);
  return { text: masked.unmask(patched), current, manifest, managed, unmanaged };
}

/** An edit of the expanded manifest as an edit of the masked text: its path and its value. */
function inTextTerms(edit: YamlEdit, raw: Obj, expanded: Obj): YamlEdit {
  const path = rawPath(edit.path, raw, expanded);
  if (edit.kind === 'delete') return { kind: 'delete', path };
  if (edit.kind === 'set')
    return {
      kind: 'set',
      path,
      value: writtenForm(edit.value, getIn(raw, path), getIn(expanded, edit.path)),
    };
  return { kind: 'add', path, key: escapeVariables(edit.key) as string, value: escapeVariables(edit.value) };
}

function isObj(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Whether a manifest part says anything beyond empty maps and lists. */
function hasContent(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasContent);
  return value !== undefined && value !== false && value !== '';
}
