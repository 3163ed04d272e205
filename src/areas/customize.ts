/**
 * JavaScript and CSS customization (`app/customize.json`): who gets it (`scope`) and, for the
 * desktop and the mobile pages, the JS and CSS files loaded in order (ordered lists). A file is
 * a URL, or a local file compared by content (SHA-256) and uploaded at write time. The hosted
 * platform has mobile CSS too (the spec's table shows only mobile JS); the emulator keeps both.
 */
import { settingsEndpoint, tokenRefusedCalls } from '../platform/index.js';
import { text } from './canonical.js';
import {
  asList,
  asRecord,
  type FileCanonical,
  fileFromManifest,
  fileFromService,
  fileToManifest,
  oneWrite,
  togetherPhase,
  underPath,
} from './area-kit.js';
import { diffList, diffSingle, unchangedInList } from './diff.js';
import type { CustomizeUpdate } from '../client/types/customize.js';
import type { AppManifest, GeneratedResource, ResourceSetting } from '../project/manifest.js';
import {
  GENERATED_FILE_NAME,
  generatedContent,
  generatedFile,
  generatedInput,
  isGeneratedFile,
  type GeneratedInput,
} from './customize-generated.js';
import type {
  Area,
  Change,
  ExportContext,
  ReadContext,
  ResolveContext,
  TokenLimit,
  WriteContext,
} from './types.js';

type Resource = { type: 'URL'; url: string } | FileCanonical;
type Lists = { js: Resource[]; css: Resource[] };
/** `generated`: what the environment's generated file is made of, when a list names it (from a manifest only). */
export type CustomizeCanonical = { scope: string; desktop: Lists; mobile: Lists; generated?: GeneratedInput };

const DEVICES = ['desktop', 'mobile'] as const;
const KINDS = ['js', 'css'] as const;

function fromManifest(m: AppManifest, ctx: ResolveContext): CustomizeCanonical | undefined {
  const c = m.customize;
  if (c === undefined) return undefined;
  const input = generatedInput(ctx);
  let generated = false;
  const lists = (
    part: { js?: (ResourceSetting | GeneratedResource)[]; css?: ResourceSetting[] } | undefined,
  ): Lists => {
    const js = part?.js ?? [];
    const named = js.some((r) => 'generated' in r);
    generated ||= named;
    // The generated file goes first, so that every other file can read what it defines.
    const own = js.flatMap((r) => ('generated' in r ? [] : [resource(r, ctx)]));
    return {
      js: named ? [generatedFile(input), ...own] : own,
      css: (part?.css ?? []).map((r) => resource(r, ctx)),
    };
  };
  // Scope: ALL is what a new app has on the hosted platform.
  const out: CustomizeCanonical = {
    scope: c.scope ?? 'ALL',
    desktop: lists(c.desktop),
    mobile: lists(c.mobile),
  };
  if (generated) out.generated = input;
  return out;
}

/**
 * The desired value with the generated file's hash made from its input as it is now: after
 * apply resolved the placeholders of apps it created, their ids.
 */
function withGeneratedHash(desired: CustomizeCanonical): CustomizeCanonical {
  const input = desired.generated;
  if (input === undefined) return desired;
  const lists = (l: Lists): Lists => ({
    js: l.js.map((r) => (isGeneratedFile(r) ? generatedFile(input) : r)),
    css: l.css,
  });
  return { ...desired, desktop: lists(desired.desktop), mobile: lists(desired.mobile) };
}

function resource(r: ResourceSetting, ctx: ResolveContext): Resource {
  return r.type === 'FILE' ? fileFromManifest(r.path, ctx) : { type: 'URL', url: r.url };
}

async function read(ctx: ReadContext): Promise<{ value: CustomizeCanonical; revision: string }> {
  const result = await ctx.client.settings.getCustomize({ app: ctx.app, copy: ctx.copy });
  const entry = async (value: unknown): Promise<Resource> => {
    const r = asRecord(value);
    return r.type === 'FILE' ? fileFromService(r, ctx) : { type: 'URL', url: text(r.url) };
  };
  const lists = async (part: unknown): Promise<Lists> => {
    const p = asRecord(part);
    return {
      js: await Promise.all(asList(p.js).map(entry)),
      css: await Promise.all(asList(p.css).map(entry)),
    };
  };
  const value = {
    scope: text(result.scope, 'ALL'),
    desktop: await lists(result.desktop),
    mobile: await lists(result.mobile),
  };
  return { value, revision: result.revision };
}

function toManifest(c: CustomizeCanonical, ctx: ExportContext): Partial<AppManifest> {
  // The generated file is written back as its entry, not as a file (customize-generated.ts).
  const entry = (r: Resource): ResourceSetting | GeneratedResource =>
    isGeneratedFile(r) ? { generated: 'environment' } : r.type === 'FILE' ? fileToManifest(r, ctx) : r;
  const customize: NonNullable<AppManifest['customize']> = {};
  if (c.scope !== 'ALL') customize.scope = c.scope as 'ADMIN' | 'NONE';
  for (const device of DEVICES) {
    const part: { js?: (ResourceSetting | GeneratedResource)[]; css?: ResourceSetting[] } = {};
    const { js, css } = c[device];
    if (js.length > 0) part.js = js.map(entry);
    // CSS is never generated: only a JavaScript list names the generated file.
    if (css.length > 0) part.css = css.map((r) => (r.type === 'FILE' ? fileToManifest(r, ctx) : r));
    if (Object.keys(part).length > 0) customize[device] = part;
  }
  return { customize };
}

function diff(given: CustomizeCanonical, current: CustomizeCanonical): Change[] {
  const desired = withGeneratedHash(given);
  const changes = underPath('scope', diffSingle(desired.scope, current.scope));
  for (const device of DEVICES)
    for (const kind of KINDS)
      changes.push(
        ...underPath(device, underPath(kind, diffList(desired[device][kind], current[device][kind]))),
      );
  return changes;
}

/**
 * A list as the PUT takes it: local files uploaded, sent by their new file key; the generated
 * file made now, with the ids of apps this apply created.
 */
async function forWrite(
  list: readonly Resource[],
  wctx: WriteContext,
  generated: GeneratedInput | undefined,
) {
  const upload = async (r: FileCanonical): Promise<string> => {
    if (generated === undefined || !isGeneratedFile(r)) return wctx.upload(r.file.sha256);
    const content = Buffer.from(generatedContent(generated, (id) => wctx.resolveApp(id)));
    const uploaded = await wctx.client.files.upload(content, {
      name: GENERATED_FILE_NAME,
      contentType: 'text/javascript',
    });
    return uploaded.fileKey;
  };
  return Promise.all(
    list.map(async (r) =>
      r.type === 'FILE' ? { type: 'FILE' as const, file: { fileKey: await upload(r) } } : r,
    ),
  );
}

/**
 * Get Customization (live and pre-live) and Update Customization take no API token (the
 * catalogue's rule and its evidence: platform/settings-catalogue.ts; 403 GAIA_NO01).
 */
const CALLS = tokenRefusedCalls(settingsEndpoint('customize'));

const token: TokenLimit<CustomizeCanonical> = {
  unreadable: { action: 'read and write the JavaScript and CSS customization', calls: CALLS },
  write: () => ({
    action: 'write the JavaScript and CSS customization',
    calls: CALLS.filter((call) => call.startsWith('PUT ')),
  }),
};

export const customizeArea: Area<CustomizeCanonical, 'customize'> = {
  key: 'customize',
  phases: togetherPhase('customize'),
  itemNoun: 'file',
  fromManifest,
  toManifest,
  read,
  token,
  diff,
  unchangedCount: (given, current) => {
    const desired = withGeneratedHash(given);
    return (
      (desired.scope === current.scope ? 1 : 0) +
      DEVICES.flatMap((d) => KINDS.map((k) => unchangedInList(desired[d][k], current[d][k]))).reduce(
        (a, b) => a + b,
        0,
      )
    );
  },
  writes: (desired, current) => {
    const changes = diff(desired, current);
    return oneWrite('customize', changes, async (wctx, revision) => {
      // Only the devices whose lists change: the files of the others are not uploaded again.
      const update: CustomizeUpdate = { scope: desired.scope as 'ALL' | 'ADMIN' | 'NONE' };
      for (const device of DEVICES)
        if (changes.some((c) => c.path[0] === device))
          update[device] = {
            js: await forWrite(desired[device].js, wctx, desired.generated),
            css: await forWrite(desired[device].css, wctx, undefined),
          };
      const result = await wctx.client.settings.updateCustomize({ ...update, app: wctx.app, revision });
      return result.revision;
    });
  },
};
