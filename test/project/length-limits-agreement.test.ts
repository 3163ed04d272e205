/**
 * Every length limit on a name or text of the app settings, judged by validate (validateProject on
 * a one-app project) and by the local service (the same settings written over its REST interface):
 * for each limit, a value at the limit and one character over, written in ASCII, in wide CJK, in
 * an emoji outside the BMP (a surrogate pair in UTF-16) and in a combining sequence (e + U+0301).
 *
 * The expectations come from the rule, not from the code: the platform's documentation says "N
 * characters" and never how it counts them (src/platform/text-length.ts lists what was searched),
 * so appdeploy counts code points, as JSON Schema's maxLength does (RFC 8259 characters). An emoji
 * is one character, `e` + U+0301 is two. Before, the local service counted UTF-16 code units (an
 * emoji as two) while validate counted code points, and validate had no limit on a field's label.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../emulator/harness.js';
import { validateProblems } from './agreement-support.js';

const emu = useEmulator();

type Written = {
  manifest: Record<string, unknown>;
  prefix: string;
  path: string;
  body: Record<string, unknown>;
};

interface Limit {
  readonly what: string;
  readonly max: number;
  /** How a value is written in a manifest (validate) and in the REST call (the service); `app` is the app's id. */
  readonly write: (value: string, app: string) => Written;
  /** Scripts a value may be written in (field codes hold letters and digits only). */
  readonly scripts?: readonly Script[];
}

const FIELD = { type: 'SINGLE_LINE_TEXT', label: 'Text' };

const LIMITS: Limit[] = [
  {
    what: 'app name',
    max: 64,
    write: (v, app) => ({
      manifest: { name: v },
      prefix: 'name',
      path: '/k/v1/preview/app/settings.json',
      body: { app, name: v },
    }),
  },
  {
    what: 'app description',
    max: 10_000,
    write: (v, app) => ({
      manifest: { name: 'A', description: v },
      prefix: 'description',
      path: '/k/v1/preview/app/settings.json',
      body: { app, description: v },
    }),
  },
  {
    what: 'field code',
    max: 128,
    // An emoji is no letter, and a combining mark is not one either: field codes hold neither.
    scripts: ['ASCII', 'CJK', 'CJK outside the BMP'],
    write: (v, app) => ({
      manifest: { name: 'A', fields: { [v]: FIELD } },
      prefix: 'fields',
      path: '/k/v1/preview/app/form/fields.json',
      body: { app, properties: { [v]: { ...FIELD, code: v } } },
    }),
  },
  {
    what: 'field label',
    max: 128,
    write: (v, app) => ({
      manifest: { name: 'A', fields: { text: { ...FIELD, label: v } } },
      prefix: 'fields',
      path: '/k/v1/preview/app/form/fields.json',
      body: { app, properties: { text: { ...FIELD, code: 'text', label: v } } },
    }),
  },
  {
    what: 'view name',
    max: 64,
    write: (v, app) => ({
      manifest: { name: 'A', views: { [v]: { type: 'LIST', index: 0 } } },
      prefix: 'views',
      path: '/k/v1/preview/app/views.json',
      body: { app, views: { [v]: { type: 'LIST', name: v, index: 0 } } },
    }),
  },
  {
    what: 'graph name',
    max: 64,
    write: (v, app) => {
      const report = { chartType: 'PIE', groups: [{ code: 'text' }], aggregations: [{ type: 'COUNT' }] };
      return {
        manifest: { name: 'A', fields: { text: FIELD }, reports: { [v]: report } },
        prefix: 'reports',
        path: '/k/v1/preview/app/reports.json',
        body: { app, reports: { [v]: { ...report, name: v, index: 0, chartMode: 'NORMAL' } } },
      };
    },
  },
  {
    what: 'copy action name',
    max: 32,
    write: (v, app) => {
      const mappings = [{ srcType: 'FIELD', srcField: 'text', destField: 'text' }];
      return {
        manifest: {
          name: 'A',
          fields: { text: FIELD },
          actions: { [v]: { destApp: { app: 'a' }, mappings, entities: [] } },
        },
        prefix: 'actions',
        path: '/k/v1/preview/app/actions.json',
        body: { app, actions: { [v]: { name: v, index: 0, destApp: { app }, mappings, entities: [] } } },
      };
    },
  },
  {
    what: 'status name',
    max: 64,
    write: (v, app) => ({
      manifest: { name: 'A', process: { enable: true, states: { [v]: {} }, actions: [] } },
      prefix: 'process',
      path: '/k/v1/preview/app/status.json',
      body: {
        app,
        enable: true,
        states: { [v]: { name: v, index: 0, assignee: { type: 'ONE', entities: [] } } },
        actions: [],
      },
    }),
  },
  {
    what: 'admin notes',
    max: 10_000,
    write: (v, app) => ({
      manifest: { name: 'A', adminNotes: { content: v } },
      prefix: 'adminNotes',
      path: '/k/v1/preview/app/adminNotes.json',
      body: { app, content: v },
    }),
  },
];

type Script = 'ASCII' | 'CJK' | 'CJK outside the BMP' | 'emoji' | 'combining';

/**
 * A value of `count` characters (code points) in a script. The combining sequence `é` is two
 * characters, so a count that is odd begins with an `a`: one grapheme well under the limit whichever
 * way it were counted, which is the point (it tells code points from graphemes).
 */
const SCRIPTS: Record<Script, (count: number) => string> = {
  ASCII: (n) => 'a'.repeat(n),
  CJK: (n) => '漢'.repeat(n),
  'CJK outside the BMP': (n) => '𠮷'.repeat(n),
  emoji: (n) => '😀'.repeat(n),
  combining: (n) => (n % 2 === 1 ? 'a' : '') + 'e\u0301'.repeat(Math.floor(n / 2)),
};

const DEFAULT_SCRIPTS: readonly Script[] = ['ASCII', 'CJK', 'emoji', 'combining'];

const ROWS = LIMITS.flatMap((limit) =>
  (limit.scripts ?? DEFAULT_SCRIPTS).flatMap((script) =>
    [limit.max, limit.max + 1].map((count) => ({
      name: `${limit.what}: ${count === limit.max ? 'at' : 'one over'} ${limit.max}, ${script}`,
      limit,
      value: SCRIPTS[script](count),
      takes: count <= limit.max,
    })),
  ),
);

async function serviceTakes(written: (app: string) => Written): Promise<{ takes: boolean; said: string }> {
  const created = await emu.call('POST', '/k/v1/preview/app.json', { name: 'A' });
  const app = created.body.app as string;
  const fields = await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: { text: { ...FIELD, code: 'text' } },
  });
  expect(fields.status, JSON.stringify(fields.body)).toBe(200);
  const { path, body } = written(app);
  // A field code is the one write that adds a field: the others change what the app has.
  const method =
    path.endsWith('form/fields.json') && !('text' in (body.properties as object)) ? 'POST' : 'PUT';
  const res = await emu.call(method, path, body);
  return { takes: res.status === 200, said: `${res.status} ${JSON.stringify(res.body).slice(0, 300)}` };
}

async function validateTakes(written: Written): Promise<{ takes: boolean; said: string }> {
  const problems = await validateProblems(written.manifest, written.prefix);
  return { takes: problems.length === 0, said: problems.join('; ') };
}

describe('length limits: validate and the local service count alike', () => {
  it.each(ROWS)('$name', async ({ limit, value, takes }) => {
    const service = await serviceTakes((app) => limit.write(value, app));
    const validate = await validateTakes(limit.write(value, '1'));
    expect(
      { service: service.takes, validate: validate.takes },
      `service: ${service.said}\nvalidate: ${validate.said}`,
    ).toEqual({ service: takes, validate: takes });
  });
});
