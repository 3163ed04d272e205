/**
 * The checks every area's test makes in the same way (types.ts, Area): the canonical form of a
 * manifest, the manifest an export writes back, the diff's changes by path, and an apply against
 * the emulator that leaves nothing to diff. Each area's file keeps its own data and titles.
 */
import { describe, expect, it } from 'vitest';
import type { Area, Json } from '../../src/areas/types.js';
import type { AppManifest } from '../../src/project/manifest.js';
import { exportContext, resolveContext, useAreaEmulator, type LocalFiles } from './harness.js';
import { expectValidManifest } from './schema.js';

/** `manifest` has the canonical form `expected`, and a manifest without the area leaves it unmanaged. */
export function expectCanonical<C extends Json>(area: Area<C>, manifest: AppManifest, expected: C): void {
  expect(area.fromManifest(manifest, resolveContext())).toEqual(expected);
  expect(area.fromManifest({ name: 'x' }, resolveContext())).toBeUndefined();
}

/** The export of `canonical` is a valid manifest part, and exactly `part`. */
export function expectExportedAs<C extends Json>(area: Area<C>, canonical: C, part: Record<string, unknown>) {
  const exported = area.toManifest(canonical, exportContext());
  expectValidManifest(exported);
  expect(exported).toEqual(part);
}

/** The export of `canonical` is a valid manifest part that reads back as `canonical` (same meaning, maybe other spelling). */
export function expectExportedEquivalent<C extends Json>(area: Area<C>, canonical: C) {
  const exported = area.toManifest(canonical, exportContext());
  expectValidManifest(exported);
  expect(area.fromManifest({ name: 'x', ...exported }, resolveContext())).toEqual(canonical);
}

/** The changes of a diff, each as its action followed by its path. */
export const changePaths = <C extends Json>(area: Area<C>, desired: C, current: C) =>
  area.diff(desired, current).map((c) => [c.action, ...c.path]);

/** A diff case: its title, the desired value, and the changes (as changePaths) it makes from current. */
export type DiffCase<C> = readonly [name: string, desired: C, changes: readonly (readonly unknown[])[]];

/** One test per case (titled by the case's name): the diff from `current` makes exactly those changes. */
export function itDiffs<C extends Json>(area: Area<C>, current: C, cases: readonly DiffCase<C>[]): void {
  it.each(cases)('%s', (_name, desired, changes) => {
    expect(changePaths(area, desired, current)).toEqual(changes);
  });
}

/**
 * An emulator test's title (APPLIES_CLEANLY if left out) and what it needs besides the area: the
 * value (`expected` if left out), the app's fields, local files.
 */
export interface ApplyOptions<C> {
  title?: string;
  desired?: C | (() => C);
  fields?: Record<string, unknown>;
  files?: LocalFiles;
}

/** The title most areas give their emulator test. */
const APPLIES_CLEANLY = 'applies, and a fresh diff against live is empty';

/**
 * The describes most areas have, each named after the area (`app ACL`), over the file's
 * `manifest` and the canonical form it `expected`s.
 */
export function areaSuite<C extends Json>(name: string, area: Area<C>, manifest: AppManifest, expected: C) {
  return {
    /**
     * "manifest and canonical form": the first test (titled `fills`) checks the canonical form
     * of the manifest; the second, that the export of `expected` is exactly `exported`, or, when
     * that is left out, a manifest that reads back as `expected`.
     */
    manifestForm(fills: string, exported?: Record<string, unknown>): void {
      describe(`${name}: manifest and canonical form`, () => {
        it(fills, () => {
          expectCanonical(area, manifest, expected);
        });

        if (exported)
          it('round-trips through toManifest', () => {
            expectExportedAs(area, expected, exported);
          });
        else
          it('round-trips through toManifest to an equivalent manifest', () => {
            expectExportedEquivalent(area, expected);
          });
      });
    },

    /**
     * "against the emulator", a describe of its own (one emulator per describe, as
     * useAreaEmulator wants) with one test: the desired value applied to a new app, after which a
     * fresh diff against live is empty. `desired` may be a function, for a value made from a
     * manifest inside the test.
     */
    appliesCleanly(options: ApplyOptions<C> = {}): void {
      describe(`${name} against the emulator`, () => {
        const emu = useAreaEmulator();

        it(options.title ?? APPLIES_CLEANLY, async () => {
          const app = await emu.newApp(options.fields);
          const { desired = expected } = options;
          const value = typeof desired === 'function' ? desired() : desired;
          const live = await emu.apply(area, app, value, options.files);
          expect(area.diff(value, live)).toEqual([]);
        });
      });
    },
  };
}

/** The export of what a new app holds in the area, checked to be a valid manifest part. */
export async function exportNewApp<C extends Json>(
  emu: ReturnType<typeof useAreaEmulator>,
  area: Area<C>,
): Promise<Partial<AppManifest>> {
  const app = await emu.newApp();
  const { value } = await area.read(emu.readContext(app, 'live'));
  const exported = area.toManifest(value, exportContext());
  expectValidManifest(exported);
  return exported;
}
