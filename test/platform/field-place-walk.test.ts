/**
 * The walker of the catalogue of field places (src/platform/field-place-walk.ts): the order it
 * lists references in (the body's, item by item), that a rename which changes nothing gives the
 * body itself back (the local service's rename keeps untouched areas as they are), and how a
 * manifest part is read as an endpoint's body.
 */
import { describe, expect, it } from 'vitest';
import {
  fieldReferences,
  manifestBody,
  renameFieldIn,
  settingsEndpoint,
  type TextReaders,
  type TextRewriters,
} from '../../src/platform/index.js';

/** Filters of the form `code = "x"` and sorts of the form `code asc`: the first word is the code. */
const firstWord = (text: string) => [text.split(' ')[0]!];
const READERS: TextReaders = { filter: firstWord, sort: firstWord, formula: () => [] };
const REWRITERS: TextRewriters = {
  filter: (text, renames) => text.replace(/^\S+/, (c) => renames.get(c) ?? c),
  sort: (text, renames) => text.replace(/^\S+/, (c) => renames.get(c) ?? c),
  formula: (text) => text,
};

const views = {
  views: {
    First: { type: 'LIST', fields: ['a', 'b'], filterCond: 'c = "1"' },
    Second: { type: 'CALENDAR', date: 'd', title: 'a', sort: 'e asc' },
  },
};

describe('fieldReferences', () => {
  it('lists a body item by item, in the order the body has them, with the path to each code', () => {
    const refs = fieldReferences('views', views, READERS).map((r) => [r.code, r.path.join('.')]);
    expect(refs).toEqual([
      ['a', 'views.First.fields.0'],
      ['b', 'views.First.fields.1'],
      ['c', 'views.First.filterCond'],
      ['d', 'views.Second.date'],
      ['a', 'views.Second.title'],
      ['e', 'views.Second.sort'],
    ]);
  });

  it('takes a FIELD_ENTITY only, and gives the path to its code', () => {
    const body = {
      rights: [
        {
          filterCond: '',
          entities: [
            { entity: { type: 'USER', code: 'someone' } },
            { entity: { type: 'FIELD_ENTITY', code: 'owner' } },
          ],
        },
      ],
    };
    const refs = fieldReferences('recordAcl', body, READERS).map((r) => [r.code, r.path.join('.')]);
    expect(refs).toEqual([['owner', 'rights.0.entities.1.entity.code']]);
  });
});

describe('renameFieldIn', () => {
  it('gives the body itself back when no place names a renamed field', () => {
    expect(renameFieldIn('views', views, new Map([['zzz', 'y']]), REWRITERS)).toBe(views);
  });

  it("renames this app's fields and leaves another app's, by default", () => {
    const body = {
      actions: {
        Copy: { destApp: { app: '9' }, mappings: [{ srcType: 'FIELD', srcField: 'a', destField: 'a' }] },
      },
    };
    const renames = new Map([['a', 'b']]);
    expect(renameFieldIn('actions', body, renames, REWRITERS).actions.Copy.mappings).toEqual([
      { srcType: 'FIELD', srcField: 'b', destField: 'a' },
    ]);
    const named = (ref: unknown) => (ref as { app?: string }).app === '9';
    expect(renameFieldIn('actions', body, renames, REWRITERS, named).actions.Copy.mappings).toEqual([
      { srcType: 'FIELD', srcField: 'a', destField: 'b' },
    ]);
    expect(renameFieldIn('actions', body, renames, REWRITERS, () => false)).toBe(body);
  });
});

describe('manifestBody', () => {
  it("puts a manifest's content under the body key, and takes per-record notifications as they are", () => {
    const manifest = {
      views: { V: { type: 'LIST' } },
      notifications: { perRecord: { notifications: [{ filterCond: '' }] } },
    };
    expect(manifestBody(settingsEndpoint('views'), manifest)).toEqual({ views: { V: { type: 'LIST' } } });
    expect(manifestBody(settingsEndpoint('notificationsPerRecord'), manifest)).toEqual({
      notifications: [{ filterCond: '' }],
    });
    expect(manifestBody(settingsEndpoint('reports'), manifest)).toBeUndefined();
  });
});
