/**
 * JavaScript and CSS customization (`app/customize.json`): who gets it (`scope`) and, for the
 * desktop and the mobile pages, the JS and CSS files loaded in order (ordered lists). A file is
 * a URL, or a local file compared by content (SHA-256) and uploaded at write time. The hosted
 * platform has mobile CSS too (the spec's table shows only mobile JS); the emulator keeps both.
 */
import { text } from './canonical.js';
import {
  asList,
  asRecord,
  fileFromManifest,
  fileFromService,
  fileToManifest,
  oneWrite,
  underPath,
  type FileCanonical,
} from './area-kit.js';
import { diffList, diffSingle, unchangedInList } from './diff.js';
import type { CustomizeUpdate } from '../client/types/customize.js';
import type { AppManifest, ResourceSetting } from '../project/manifest.js';
import type {
  Area,
  Change,
  ExportContext,
  JsonObject,
  ReadContext,
  ResolveContext,
  WriteContext,
} from './types.js';

type Resource = { type: 'URL'; url: string } | FileCanonical;
type Lists = { js: Resource[]; css: Resource[] };
export type CustomizeCanonical = { scope: string; desktop: Lists; mobile: Lists };

const DEVICES = ['desktop', 'mobile'] as const;
const KINDS = ['js', 'css'] as const;

function fromManifest(m: AppManifest, ctx: ResolveContext): CustomizeCanonical | undefined {
  const c = m.customize;
  if (c === undefined) return undefined;
  const lists = (part: { js?: ResourceSetting[]; css?: ResourceSetting[] } | undefined): Lists => ({
    js: (part?.js ?? []).map((r) => resource(r, ctx)),
    css: (part?.css ?? []).map((r) => resource(r, ctx)),
  });
  // Scope: ALL is what a new app has on the hosted platform.
  return { scope: c.scope ?? 'ALL', desktop: lists(c.desktop), mobile: lists(c.mobile) };
}

function resource(r: ResourceSetting, ctx: ResolveContext): Resource {
  return r.type === 'FILE' ? fileFromManifest(r.path, ctx) : { type: 'URL', url: r.url };
}

async function read(ctx: ReadContext): Promise<{ value: CustomizeCanonical; revision: string }> {
  const result = await ctx.client.settings.getCustomize({ app: ctx.app, copy: ctx.copy });
  const entry = async (value: unknown): Promise<Resource> => {
    const r = asRecord(value as JsonObject);
    return r.type === 'FILE' ? fileFromService(r, ctx) : { type: 'URL', url: text(r.url) };
  };
  const lists = async (part: unknown): Promise<Lists> => {
    const p = asRecord(part as JsonObject);
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
  const entry = (r: Resource): ResourceSetting => (r.type === 'FILE' ? fileToManifest(r, ctx) : r);
  const customize: NonNullable<AppManifest['customize']> = {};
  if (c.scope !== 'ALL') customize.scope = c.scope as 'ADMIN' | 'NONE';
  for (const device of DEVICES) {
    const part: { js?: ResourceSetting[]; css?: ResourceSetting[] } = {};
    for (const kind of KINDS) if (c[device][kind].length > 0) part[kind] = c[device][kind].map(entry);
    if (Object.keys(part).length > 0) customize[device] = part;
  }
  return { customize };
}

function diff(desired: CustomizeCanonical, current: CustomizeCanonical): Change[] {
  const changes = underPath('scope', diffSingle(desired.scope, current.scope));
  for (const device of DEVICES)
    for (const kind of KINDS)
      changes.push(
        ...underPath(device, underPath(kind, diffList(desired[device][kind], current[device][kind]))),
      );
  return changes;
}

/** A list as the PUT takes it: local files uploaded, sent by their new file key. */
async function forWrite(list: readonly Resource[], wctx: WriteContext) {
  return Promise.all(
    list.map(async (r) =>
      r.type === 'FILE' ? { type: 'FILE' as const, file: { fileKey: await wctx.upload(r.file.sha256) } } : r,
    ),
  );
}

export const customizeArea: Area<CustomizeCanonical> = {
  key: 'customize',
  itemNoun: 'file',
  fromManifest,
  toManifest,
  read,
  diff,
  unchangedCount: (desired, current) =>
    (desired.scope === current.scope ? 1 : 0) +
    DEVICES.flatMap((d) => KINDS.map((k) => unchangedInList(desired[d][k], current[d][k]))).reduce(
      (a, b) => a + b,
      0,
    ),
  writes: (desired, current) => {
    const changes = diff(desired, current);
    return oneWrite('customize', changes, async (wctx, revision) => {
      // Only the devices whose lists change: the files of the others are not uploaded again.
      const update: CustomizeUpdate = { scope: desired.scope as 'ALL' | 'ADMIN' | 'NONE' };
      for (const device of DEVICES)
        if (changes.some((c) => c.path[0] === device))
          update[device] = {
            js: await forWrite(desired[device].js, wctx),
            css: await forWrite(desired[device].css, wctx),
          };
      const result = await wctx.client.settings.updateCustomize({ ...update, app: wctx.app, revision });
      return result.revision;
    });
  },
};
