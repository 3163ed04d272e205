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
import { looselyEqual, mergeManifest } from './merge.js';
import { patchYaml } from './yaml-patch.js';
import { styledDocument, TO_STRING } from './yaml-style.js';

type Obj = Record<string, unknown>;

export function renderNewManifest(manifest: Obj, comment: string): string {
  const doc = styledDocument(manifest, 1);
  // A blank line before each block section, as the examples are written.
  if (isMap(doc.contents))
    doc.contents.items.forEach((pair, i) => {
      if (i > 0 && isCollection(pair.value) && !pair.value.flow && isScalar(pair.key))
        pair.key.spaceBefore = true;
    });
  return `#${comment}\n${doc.toString(TO_STRING)}`;
}

export interface UpdatedManifest {
  text: string;
  /** The manifest as data after the update. */
  manifest: Obj;
  /** The parts of the areas the manifest manages (the ones it leaves out stay out). */
  managed: AreaPart[];
  /** Areas the manifest leaves out although the service has settings in them. */
  unmanaged: AreaKey[];
}

/** The manifest on disk brought to the service's settings, comments and layout kept. */
export function updateManifest(
  file: string,
  text: string,
  parts: readonly AreaPart[],
  ctx: ResolveContext,
  build: (managed: readonly AreaPart[]) => Obj,
): UpdatedManifest {
  const doc = parseDocument(text);
  const current = doc.toJS() as unknown;
  if (doc.errors.length > 0 || current === null || typeof current !== 'object' || Array.isArray(current))
    throw new AppdeployError('EXPORT.MANIFEST', `${file}: not a manifest that export can update`, {
      hint:
        doc.errors[0]?.message ?? 'Fix the file (npx appdeploy validate), or remove it to export it anew.',
    });
  const managed = parts.filter(({ area }) => {
    try {
      return area.fromManifest(current as never, ctx) !== undefined;
    } catch {
      return true;
    }
  });
  const unmanaged = parts.filter((p) => !managed.includes(p) && hasContent(p.part)).map((p) => p.area.key);
  const { manifest, edits } = mergeManifest(current as Obj, build(managed), distanceFor(managed, ctx));
  const patched = edits.length > 0 ? patchYaml(text, edits) : text;
  // The text edits must say what the merge decided; anything else is a bug of export.
  if (!looselyEqual(parseDocument(patched).toJS(), manifest))
    throw new Error(`export: the in-place update of ${file} does not read back as intended`);
  return { text: patched, manifest, managed, unmanaged };
}

/** Whether a manifest part says anything beyond empty maps and lists. */
function hasContent(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasContent);
  return value !== undefined && value !== false && value !== '';
}
