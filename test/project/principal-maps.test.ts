import { describe, expect, it } from 'vitest';
import {
  invertPrincipals,
  principalReferences,
  resolvePrincipals,
  type AppManifest,
  type PrincipalMaps,
} from '../../src/project/index.js';
import { AREAS } from '../../src/areas/index.js';
import type { ResolveContext } from '../../src/areas/types.js';
import type { Entity } from '../../src/client/types/common.js';

const MAPS: PrincipalMaps = {
  users: { alice: 'alice.s', bob: null },
  groups: { sales: 'sales-eu', interns: null },
  organizations: { hq: 'head-office', lab: null },
};

const user = (code: string) => ({ type: 'USER' as const, code });
const group = (code: string) => ({ type: 'GROUP' as const, code });
const org = (code: string) => ({ type: 'ORGANIZATION' as const, code });

/**
 * Every place a manifest names a user, group or organization: the manifest with one entity there
 * (`$` stands for it), and what resolving gives for a mapped code and for one mapped to null.
 */
const PLACES: {
  place: string;
  manifest: (e: Entity) => Partial<AppManifest>;
  leftOut: (string | number)[];
}[] = [
  {
    place: 'app ACL rule',
    manifest: (e) => ({ appAcl: [{ entity: e, recordViewable: true }] }),
    leftOut: ['appAcl', 0],
  },
  {
    place: 'record ACL entity',
    manifest: (e) => ({ recordAcl: [{ filterCond: '', entities: [{ entity: e, viewable: true }] }] }),
    leftOut: ['recordAcl', 0, 'entities', 0],
  },
  {
    place: 'field ACL entity',
    manifest: (e) => ({ fieldAcl: [{ field: 'amount', entities: [{ entity: e, accessibility: 'READ' }] }] }),
    leftOut: ['fieldAcl', 0, 'entities', 0],
  },
  {
    place: 'general notification recipient',
    manifest: (e) => ({ notifications: { general: { notifications: [{ entity: e, recordAdded: true }] } } }),
    leftOut: ['notifications', 'general', 'notifications', 0],
  },
  {
    place: 'per-record notification target',
    manifest: (e) => ({
      notifications: { perRecord: { notifications: [{ title: 't', targets: [{ entity: e }] }] } },
    }),
    leftOut: ['notifications', 'perRecord', 'notifications', 0, 'targets', 0],
  },
  {
    place: 'reminder target',
    manifest: (e) => ({
      notifications: {
        reminder: { notifications: [{ timing: { code: 'due', daysLater: 0 }, targets: [{ entity: e }] }] },
      },
    }),
    leftOut: ['notifications', 'reminder', 'notifications', 0, 'targets', 0],
  },
  {
    place: 'process assignee',
    manifest: (e) => ({
      process: { enable: true, states: { Open: { assignee: { type: 'ONE', entities: [{ entity: e }] } } } },
    }),
    leftOut: ['process', 'states', 'Open', 'assignee', 'entities', 0],
  },
  {
    place: 'process action executor',
    manifest: (e) => ({
      process: {
        actions: [
          {
            name: 'Go',
            from: 'A',
            to: 'B',
            type: 'SECONDARY',
            executableUser: { entities: [{ entity: e }] },
          },
        ],
      },
    }),
    leftOut: ['process', 'actions', 0, 'executableUser', 'entities', 0],
  },
  {
    place: 'copy action entity',
    manifest: (e) =>
      ({ actions: { Copy: { destApp: { app: 'deals' }, mappings: [], entities: [e] } } }) as never,
    leftOut: ['actions', 'Copy', 'entities', 0],
  },
  {
    place: 'selection field default value',
    manifest: (e) =>
      ({ fields: { owner: { type: 'USER_SELECT', label: 'Owner', defaultValue: [e] } } }) as never,
    leftOut: ['fields', 'owner', 'defaultValue', 0],
  },
  {
    place: 'user selection field choices',
    manifest: (e) => ({ fields: { owner: { type: 'USER_SELECT', label: 'Owner', entities: [e] } } }) as never,
    leftOut: ['fields', 'owner', 'entities', 0],
  },
  {
    place: 'table column default value',
    manifest: (e) =>
      ({
        fields: {
          items: {
            type: 'SUBTABLE',
            fields: { who: { type: 'USER_SELECT', label: 'Who', defaultValue: [e] } },
          },
        },
      }) as never,
    leftOut: ['fields', 'items', 'fields', 'who', 'defaultValue', 0],
  },
  {
    place: 'table column choices',
    manifest: (e) =>
      ({
        fields: {
          items: { type: 'SUBTABLE', fields: { who: { type: 'USER_SELECT', label: 'Who', entities: [e] } } },
        },
      }) as never,
    leftOut: ['fields', 'items', 'fields', 'who', 'entities', 0],
  },
];

const KINDS = [
  { kind: 'users', entity: user, mapped: ['alice', 'alice.s'], unmapped: 'carol', none: 'bob' },
  { kind: 'groups', entity: group, mapped: ['sales', 'sales-eu'], unmapped: 'ops', none: 'interns' },
  { kind: 'organizations', entity: org, mapped: ['hq', 'head-office'], unmapped: 'branch', none: 'lab' },
] as const;

const named = (m: Partial<AppManifest>) => ({ name: 'App', ...m });
const codes = (m: AppManifest) => principalReferences(m, undefined).map((r) => r.code);

describe('resolvePrincipals: every place a code appears', () => {
  const cases = PLACES.flatMap((p) => KINDS.map((k) => ({ ...p, ...k })));
  it.each(cases)(
    '$place, $kind: mapped, kept, left out',
    ({ manifest, entity, mapped, unmapped, none, kind, leftOut }) => {
      const [from, to] = mapped;
      expect(codes(resolvePrincipals(named(manifest(entity(from))), MAPS).manifest)).toEqual([to]);
      const kept = named(manifest(entity(unmapped)));
      const keptResult = resolvePrincipals(kept, MAPS);
      expect(keptResult.manifest).toBe(kept);
      expect(keptResult.leftOut).toEqual([]);
      const dropped = resolvePrincipals(named(manifest(entity(none))), MAPS);
      expect(codes(dropped.manifest)).toEqual([]);
      expect(dropped.leftOut).toMatchObject([{ path: leftOut, kind, code: none }]);
    },
  );

  it('leaves the manifest it was given as it was', () => {
    const m = named(PLACES[0]!.manifest(user('alice')));
    const copy = structuredClone(m);
    resolvePrincipals(m, MAPS);
    expect(m).toEqual(copy);
  });

  it('leaves entities outside the directory alone (creator, field entity, function)', () => {
    const m = named({
      appAcl: [{ entity: { type: 'CREATOR' } as never }],
      fieldAcl: [
        { field: 'f', entities: [{ entity: { type: 'FIELD_ENTITY', code: 'bob' }, accessibility: 'READ' }] },
      ],
      fields: {
        owner: { type: 'USER_SELECT', label: 'O', defaultValue: [{ type: 'FUNCTION', code: 'LOGINUSER()' }] },
      } as never,
    });
    expect(resolvePrincipals(m, { users: { bob: null, 'LOGINUSER()': null } })).toEqual({
      manifest: m,
      leftOut: [],
    });
  });

  it('leaves out only the items naming codes mapped to nothing, keeping the others in order', () => {
    const m = named({
      appAcl: [{ entity: user('alice') }, { entity: user('bob') }, { entity: group('sales') }],
    });
    const { manifest, leftOut } = resolvePrincipals(m, MAPS);
    expect(manifest.appAcl).toEqual([{ entity: user('alice.s') }, { entity: group('sales-eu') }]);
    expect(leftOut).toEqual([
      { area: 'appAcl', path: ['appAcl', 1], item: 'rule', kind: 'users', code: 'bob' },
    ]);
  });
});

describe('invertPrincipals: export maps the codes back', () => {
  const resolveCtx: ResolveContext = { appKey: 'a', appId: (key) => key, fileHash: () => '0'.repeat(64) };
  const cases = PLACES.flatMap((p) => KINDS.map((k) => ({ ...p, ...k })));
  it.each(cases)('$place, $kind', ({ manifest, entity, mapped: [from, to], unmapped }) => {
    for (const area of AREAS) {
      const written = area.fromManifest(named(manifest(entity(from))), resolveCtx);
      const there = area.fromManifest(
        resolvePrincipals(named(manifest(entity(from))), MAPS).manifest,
        resolveCtx,
      );
      expect(invertPrincipals(area.key, there, MAPS)).toEqual(written);
      const kept = area.fromManifest(named(manifest(entity(unmapped))), resolveCtx);
      expect(invertPrincipals(area.key, kept, MAPS)).toEqual(kept);
    }
    expect(to).not.toBe(from);
  });
});

describe('filters: values compared with user, group and organization fields', () => {
  const fields = {
    owner: { type: 'USER_SELECT', label: 'Owner' },
    team: { type: 'GROUP_SELECT', label: 'Team' },
    office: { type: 'ORGANIZATION_SELECT', label: 'Office' },
    note: { type: 'SINGLE_LINE_TEXT', label: 'Note' },
  };
  const FILTER =
    'owner in ("alice", "bob", LOGINUSER()) and team = "sales" or office not in ("hq") and note = "alice"';
  const MAPPED =
    'owner in ("alice.s", "bob", LOGINUSER()) and team = "sales-eu" or office not in ("head-office") and note = "alice"';
  const places: {
    place: string;
    manifest: (f: string) => Partial<AppManifest>;
    read: (m: AppManifest) => unknown;
  }[] = [
    {
      place: 'view',
      manifest: (f) => ({ views: { All: { type: 'LIST', filterCond: f } } }),
      read: (m) => m.views?.All?.filterCond,
    },
    {
      place: 'report',
      manifest: (f) =>
        ({
          reports: {
            R: {
              chartType: 'TABLE',
              groups: [{ code: 'owner' }],
              aggregations: [{ type: 'COUNT' }],
              filterCond: f,
            },
          },
        }) as never,
      read: (m) => m.reports?.R?.filterCond,
    },
    {
      place: 'record ACL',
      manifest: (f) => ({ recordAcl: [{ filterCond: f, entities: [] }] }),
      read: (m) => m.recordAcl?.[0]?.filterCond,
    },
    {
      place: 'per-record notification',
      manifest: (f) => ({
        notifications: { perRecord: { notifications: [{ filterCond: f, targets: [] }] } },
      }),
      read: (m) => m.notifications?.perRecord?.notifications?.[0]?.filterCond,
    },
    {
      place: 'reminder',
      manifest: (f) => ({
        notifications: {
          reminder: { notifications: [{ timing: { code: 'd', daysLater: 0 }, filterCond: f, targets: [] }] },
        },
      }),
      read: (m) => m.notifications?.reminder?.notifications?.[0]?.filterCond,
    },
    {
      place: 'process action',
      manifest: (f) => ({ process: { actions: [{ name: 'Go', from: 'A', to: 'B', filterCond: f }] } }),
      read: (m) => m.process?.actions?.[0]?.filterCond,
    },
    {
      place: 'copy action',
      manifest: (f) => ({
        actions: { Copy: { destApp: { app: 'x' }, mappings: [], entities: [], filterCond: f } },
      }),
      read: (m) => m.actions?.Copy?.filterCond,
    },
  ];
  it.each(places)(
    '$place: mapped codes replaced, null-mapped and other fields kept',
    ({ manifest, read }) => {
      const m = named({ fields: fields as never, ...manifest(FILTER) });
      expect(read(resolvePrincipals(m, MAPS).manifest)).toBe(MAPPED);
    },
  );

  it('maps system fields under their default codes, and leaves a filter that does not parse alone', () => {
    const m = named({
      views: {
        A: { type: 'LIST', filterCond: 'Created_by in ("alice") and 作成者 = "alice"' },
        B: { type: 'LIST', filterCond: 'owner in ("alice"' },
      },
    });
    const views = resolvePrincipals(m, MAPS).manifest.views!;
    expect(views.A!.filterCond).toBe('Created_by in ("alice.s") and 作成者 = "alice.s"');
    expect(views.B!.filterCond).toBe('owner in ("alice"');
  });

  it('export maps them back, with the app fields', () => {
    const resolveCtx: ResolveContext = { appKey: 'a', appId: (key) => key, fileHash: () => '0'.repeat(64) };
    const m = named({ fields: fields as never, views: { All: { type: 'LIST', filterCond: FILTER } } });
    const area = AREAS.find((a) => a.key === 'views')!;
    const there = area.fromManifest(resolvePrincipals(m, MAPS).manifest, resolveCtx);
    const fieldsThere = AREAS.find((a) => a.key === 'fields')!.fromManifest(m, resolveCtx);
    expect(invertPrincipals('views', there, MAPS, fieldsThere)).toEqual(area.fromManifest(m, resolveCtx));
  });
});
