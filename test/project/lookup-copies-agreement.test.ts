/**
 * validate and the local service judge a lookup's copies alike (issue 35), each case run through
 * both: validateProject on a project of two apps (`src` looked up by `dst`), and the same lookup
 * written with `POST /k/v1/preview/app/form/fields.json` into an app beside a deployed `src`.
 *
 * The platform's rules (src/platform/lookup-copies.ts):
 * - a copy pairs only the types the platform pairs: SonicGarden/kintone-emulator
 *   doc/kintone-behavior-notes.md §10 observed a NUMBER copied into a SINGLE_LINE_TEXT refused
 *   (CB_VA01 "指定したフィールドの組み合わせが正しくない、または指定できない種類のフィールドを指定
 *   しています。"); kintone help "Fields That Can Be Specified for Field Mappings" lists the
 *   destinations a copy takes, and a radio button, check box, multi-choice, drop-down, link, date,
 *   time, department or group selection only from its own type;
 * - one field is the destination of one copy: §10 observed two lookups copying into one field
 *   refused (CB_VA01 "コピー先のフィールドの設定が重複しています").
 * Found by the reference sweep (test/reliability/reference-sweep.test.ts): both took them.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProject } from '../../src/project/index.js';
import { useEmulator } from '../emulator/harness.js';
import { restProperties } from './agreement-support.js';

const emu = useEmulator();

type Fields = Record<string, Record<string, unknown>>;

const OPTIONS = { A: { label: 'A' }, B: { label: 'B' } };
/** The looked-up app: a unique key and one field of each type a case copies from. */
const SRC: Fields = {
  key: { type: 'SINGLE_LINE_TEXT', label: 'Key', unique: true },
  text: { type: 'SINGLE_LINE_TEXT', label: 'Text' },
  number: { type: 'NUMBER', label: 'Number' },
  date: { type: 'DATE', label: 'Date' },
  drop: { type: 'DROP_DOWN', label: 'Drop', options: OPTIONS },
  link: { type: 'LINK', label: 'Link', protocol: 'WEB' },
};

/** `dst`: a lookup `look` of src by key copying `copies` ({target: source}), targets of the types given. */
function dst(targets: Fields, copies: [string, string][], second?: [string, string]): Fields {
  const lookup = (mappings: [string, string][]) => ({
    relatedApp: { app: 'src' },
    relatedKeyField: 'key',
    fieldMappings: mappings.map(([field, relatedField]) => ({ field, relatedField })),
  });
  return {
    look: { type: 'SINGLE_LINE_TEXT', label: 'Look', lookup: lookup(copies) },
    ...(second ? { look2: { type: 'SINGLE_LINE_TEXT', label: 'Look 2', lookup: lookup([second]) } } : {}),
    ...targets,
  };
}

async function validateSays(fields: Fields): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'appdeploy-agree-'));
  try {
    await writeFile(join(dir, 'src.yaml'), JSON.stringify({ name: 'Src', fields: SRC }));
    await writeFile(join(dir, 'dst.yaml'), JSON.stringify({ name: 'Dst', fields }));
    await writeFile(
      join(dir, 'appdeploy.yaml'),
      [
        'environments:',
        '  local: {}',
        'apps:',
        '  src: { manifest: src.yaml }',
        '  dst: { manifest: dst.yaml }',
        '',
      ].join('\n'),
    );
    const result = await validateProject({ cwd: dir, variables: {} });
    const problems = result.problems.map((p) => `${p.code} ${p.path ?? ''}`);
    return problems.length === 0 ? 'takes' : `refuses ${problems.join('; ')}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function serviceSays(fields: Fields): Promise<string> {
  const src = await emu.deployedApp('Src');
  const added = await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
    app: src,
    properties: restProperties(SRC),
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  await emu.deploy([src]);
  const app = (await emu.call('POST', '/k/v1/preview/app.json', { name: 'Dst' })).body.app as string;
  const withApp = JSON.parse(JSON.stringify(fields).replaceAll('"app":"src"', `"app":"${src}"`)) as Fields;
  const res = await emu.call('POST', '/k/v1/preview/app/form/fields.json', {
    app,
    properties: restProperties(withApp),
  });
  return res.status === 200
    ? 'takes'
    : `refuses ${res.body.code} ${Object.keys(res.body.errors ?? {}).join(', ')}`;
}

const t = (type: string, extra: Record<string, unknown> = {}) => ({ type, label: type, ...extra });

/** Each case: its name, dst's fields, and what validate reports (null: both take it). */
const CASES: [string, Fields, string | null][] = [
  ['a text into a text', dst({ out: t('SINGLE_LINE_TEXT') }, [['out', 'text']]), null],
  ['a number into a number', dst({ out: t('NUMBER') }, [['out', 'number']]), null],
  ['a number into a text', dst({ out: t('SINGLE_LINE_TEXT') }, [['out', 'number']]), 'LOOKUP.COPY_TYPES'],
  ['a date into a date', dst({ out: t('DATE') }, [['out', 'date']]), null],
  ['a text into a date', dst({ out: t('DATE') }, [['out', 'text']]), 'LOOKUP.COPY_TYPES'],
  [
    'a drop-down into a drop-down',
    dst({ out: t('DROP_DOWN', { options: OPTIONS }) }, [['out', 'drop']]),
    null,
  ],
  [
    'a text into a drop-down',
    dst({ out: t('DROP_DOWN', { options: OPTIONS }) }, [['out', 'text']]),
    'LOOKUP.COPY_TYPES',
  ],
  ['a link into a link', dst({ out: t('LINK', { protocol: 'WEB' }) }, [['out', 'link']]), null],
  [
    'a text into a link',
    dst({ out: t('LINK', { protocol: 'WEB' }) }, [['out', 'text']]),
    'LOOKUP.COPY_TYPES',
  ],
  [
    'a number into a calculated field (not a destination)',
    dst({ n: t('NUMBER'), out: t('CALC', { expression: 'n * 2' }) }, [['out', 'number']]),
    'FIELD.WRONG_TYPE',
  ],
  [
    'two copies into two fields',
    dst({ a: t('SINGLE_LINE_TEXT'), b: t('SINGLE_LINE_TEXT') }, [
      ['a', 'text'],
      ['b', 'text'],
    ]),
    null,
  ],
  [
    'two lookups copying into one field',
    dst({ out: t('SINGLE_LINE_TEXT') }, [['out', 'text']], ['out', 'text']),
    'LOOKUP.COPIED_TWICE',
  ],
];

describe('a lookup copy: validate and the local service agree with the platform', () => {
  it.each(CASES)('%s', async (_name, fields, reported) => {
    const validate = await validateSays(fields);
    const service = await serviceSays(fields);
    expect({ validate, service }).toEqual(
      reported === null
        ? { validate: 'takes', service: 'takes' }
        : {
            validate: expect.stringContaining(`refuses ${reported} `),
            service: expect.stringMatching(
              /^refuses CB_VA01 properties\.look2?\.lookup\.fieldMappings\[0\]\.field$/,
            ),
          },
    );
  });
});
