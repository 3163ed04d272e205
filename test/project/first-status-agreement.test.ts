/**
 * validate and the local service judge the first status's assignee alike (issue 35), each case
 * run through both: validateProject on the manifest, and the same statuses written with `PUT
 * /k/v1/preview/app/status.json`. The rule (src/platform/first-status.ts): the first status (the
 * lowest index) takes assignee type ONE only, with no candidates or only the app's creator field
 * as a FIELD_ENTITY (SonicGarden/kintone-emulator, docs/real-kintone-notes.md,
 * updateProcessManagement, observed on the hosted platform 2026-04-30).
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/harness.js';
import { restProperties, validateProblems } from './agreement-support.js';

const emu = useEmulator();

const FIELDS: Record<string, Record<string, unknown>> = {
  title: { type: 'SINGLE_LINE_TEXT', label: 'Title' },
  owner: { type: 'USER_SELECT', label: 'Owner' },
};
const ent = (type: string, code?: string) => ({ entity: { type, ...(code !== undefined ? { code } : {}) } });

type States = Record<string, { index?: number; assignee?: Record<string, unknown> }>;

/** Open, then Done, Open's assignee as given (left out when undefined). */
const openFirst = (assignee?: Record<string, unknown>): States => ({
  Open: { index: 0, ...(assignee ? { assignee } : {}) },
  Done: { index: 1, assignee: { type: 'ONE', entities: [] } },
});

/** What the service answers to `states` on an app holding FIELDS: 'takes' or its error keys. */
async function serviceSays(states: States, withFields: boolean): Promise<string> {
  const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'Process' });
  const app = created.body.app as string;
  if (withFields) {
    const added = await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
      app,
      properties: restProperties(FIELDS),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  // As apply sends them: every status named, its index its place in the order the manifest gives.
  const ordered = Object.entries(states)
    .map(([name, s], position) => ({ name, s, rank: s.index ?? position, position }))
    .sort((a, b) => a.rank - b.rank || a.position - b.position);
  const body = Object.fromEntries(
    ordered.map(({ name, s }, index) => [
      name,
      { name, index: String(index), ...(s.assignee ? { assignee: s.assignee } : {}) },
    ]),
  );
  const res = await emu.call('PUT', '/k/v1/preview/app/status.json', {
    app,
    enable: true,
    states: body,
    actions: [],
  });
  return res.status === 200 ? 'takes' : `refuses ${Object.keys(res.body.errors ?? {}).join(', ')}`;
}

async function validateSays(states: States, withFields: boolean): Promise<string> {
  const manifest = {
    name: 'Process',
    ...(withFields ? { fields: FIELDS } : {}),
    process: { enable: true, states },
  };
  const problems = await validateProblems(manifest, 'process');
  return problems.length === 0 ? 'takes' : `refuses ${problems.join('; ')}`;
}

const CASES: [string, States, boolean][] = [
  ['no assignee given (the service puts the creator field)', openFirst(), true],
  ['ONE with no candidates', openFirst({ type: 'ONE', entities: [] }), true],
  [
    'ONE with the creator field',
    openFirst({ type: 'ONE', entities: [ent('FIELD_ENTITY', 'Created_by')] }),
    true,
  ],
  [
    'ONE with another user field',
    openFirst({ type: 'ONE', entities: [ent('FIELD_ENTITY', 'owner')] }),
    false,
  ],
  [
    'ONE with the modifier field',
    openFirst({ type: 'ONE', entities: [ent('FIELD_ENTITY', 'Updated_by')] }),
    false,
  ],
  ['ONE with a user', openFirst({ type: 'ONE', entities: [ent('USER', 'admin')] }), false],
  ['ONE with the CREATOR entity', openFirst({ type: 'ONE', entities: [ent('CREATOR')] }), false],
  ['ALL with no candidates', openFirst({ type: 'ALL', entities: [] }), false],
  [
    'ANY with the creator field',
    openFirst({ type: 'ANY', entities: [ent('FIELD_ENTITY', 'Created_by')] }),
    false,
  ],
  [
    'the lowest index is first, not the first of the map',
    {
      Done: { index: 1, assignee: { type: 'ONE', entities: [] } },
      Open: { index: 0, assignee: { type: 'ANY', entities: [] } },
    },
    false,
  ],
];

/**
 * A field entity other than the creator is for the fields the manifest declares: without them
 * validate cannot know the app's creator field (its code may have been changed), and leaves it to
 * the service.
 */
const KNOWN_WITHOUT_FIELDS = CASES.filter(([, states]) =>
  Object.values(states).every(
    (s) =>
      (s.assignee?.entities as { entity: { type: string; code?: string } }[] | undefined)?.every(
        (e) => e.entity.type !== 'FIELD_ENTITY' || e.entity.code === 'Created_by',
      ) ?? true,
  ),
);

describe('the first status: validate and the local service agree', () => {
  for (const withFields of [true, false])
    it.each(withFields ? CASES : KNOWN_WITHOUT_FIELDS)(
      `%s (${withFields ? 'fields declared' : 'no fields in the manifest'})`,
      async (_what, states, taken) => {
        const [service, validate] = [
          await serviceSays(states, withFields),
          await validateSays(states, withFields),
        ];
        expect({ service: takes(service), validate: takes(validate) }, `${service}\n${validate}`).toEqual({
          service: taken,
          validate: taken,
        });
      },
    );
});

function takes(said: string): boolean {
  return said === 'takes';
}
