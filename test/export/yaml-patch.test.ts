/** Text edits of YAML: only the edited value's bytes change; comments and layout stay. */
import { describe, expect, it } from 'vitest';
import { patchYaml, type YamlEdit } from '../../src/export/yaml-patch.js';

const SOURCE = `# top comment
name: Deals # trailing
fields:
  amount: { type: NUMBER, label: Amount, minValue: 0 }
  stage:
    type: DROP_DOWN # why
    label: Stage
  probability:
    {
      type: NUMBER,
      label: Probability,
    }
views: {}
list: [a, b]
`;

describe('patchYaml', () => {
  it.each<[string, YamlEdit[], string]>([
    [
      'a scalar in a flow map',
      [{ kind: 'set', path: ['fields', 'amount', 'label'], value: 'Deal amount' }],
      SOURCE.replace('label: Amount,', 'label: Deal amount,'),
    ],
    [
      'a scalar keeps its trailing comment',
      [{ kind: 'set', path: ['fields', 'stage', 'type'], value: 'RADIO_BUTTON' }],
      SOURCE.replace('type: DROP_DOWN # why', 'type: RADIO_BUTTON # why'),
    ],
    [
      'a key added to a block map',
      [{ kind: 'add', path: ['fields', 'stage'], key: 'required', value: true }],
      SOURCE.replace('    label: Stage\n', '    label: Stage\n    required: true\n'),
    ],
    [
      'a key added to a flow map spread over lines',
      [{ kind: 'add', path: ['fields', 'probability'], key: 'unit', value: '%' }],
      SOURCE.replace('label: Probability,', "label: Probability, unit: '%',"),
    ],
    [
      'a key removed from a flow map',
      [{ kind: 'delete', path: ['fields', 'amount', 'minValue'] }],
      SOURCE.replace(', minValue: 0 }', ' }'),
    ],
    [
      'a key removed from a block map',
      [{ kind: 'delete', path: ['fields', 'stage', 'label'] }],
      SOURCE.replace('    label: Stage\n', ''),
    ],
    [
      'an empty flow map given entries in block style',
      [{ kind: 'add', path: ['views'], key: 'All', value: { type: 'LIST', fields: ['a'] } }],
      SOURCE.replace('views: {}', 'views:\n  All: { type: LIST, fields: [ a ] }'),
    ],
    [
      'a top-level key added at the end',
      [{ kind: 'add', path: [], key: 'theme', value: 'RED' }],
      `${SOURCE}theme: RED\n`,
    ],
    [
      'a flow list item replaced',
      [{ kind: 'set', path: ['list', 1], value: 'c, d' }],
      SOURCE.replace('[a, b]', "[a, 'c, d']"),
    ],
  ])('%s', (_name, edits, expected) => {
    expect(patchYaml(SOURCE, edits)).toBe(expected);
  });
});
