import { describe, expect, it } from 'vitest';
import { stateDiagram } from '../../src/render/mermaid.js';
import { formatPath, inlineValue, plural } from '../../src/render/values.js';

describe('formatPath', () => {
  it.each<[(string | number)[], string | undefined, string]>([
    [['amount'], 'fields', 'fields.amount'],
    [[2], 'appAcl', 'appAcl[2]'],
    [['Closing this month'], 'views', 'views."Closing this month"'],
    [['顧客名'], 'fields', 'fields.顧客名'],
    [['states', 'On hold'], undefined, 'states."On hold"'],
    [['fields', 0, 'code'], undefined, 'fields[0].code'],
    [['2024'], undefined, '"2024"'],
    [[], 'general', 'general'],
  ])('%j under %s reads %s', (path, prefix, expected) => {
    expect(formatPath(path, prefix)).toBe(expected);
  });
});

describe('inlineValue', () => {
  it.each<[unknown, string]>([
    ['x', '"x"'],
    ['', '""'],
    ['0', '"0"'],
    [0, '0'],
    [null, 'null'],
    [[], '[]'],
    [{}, '{}'],
    [{ type: 'GROUP', code: 'sales' }, '{ type: "GROUP", code: "sales" }'],
    [{ 'sort key': ['a', 1] }, '{ "sort key": ["a", 1] }'],
  ])('%j reads %s', (value, expected) => {
    expect(inlineValue(value as never)).toBe(expected);
  });
});

describe('plural', () => {
  it.each<[number, string, string]>([
    [1, 'field', '1 field'],
    [3, 'field', '3 fields'],
    [0, 'policy', '0 policies'],
    [2, 'day', '2 days'],
    [2, 'plug-in', '2 plug-ins'],
    [2, 'process', '2 processes'],
    [2, 'unchanged graph', '2 unchanged graphs'],
  ])('%d %s reads %s', (count, noun, expected) => {
    expect(plural(count, noun)).toBe(expected);
  });
});

describe('stateDiagram', () => {
  it('declares a status an action names that the states do not list', () => {
    const lines = stateDiagram(
      {
        enable: true,
        states: { Open: { index: '0' } },
        actions: [{ name: 'Close', from: 'Open', to: 'Closed' }],
      },
      new Set(),
      '',
    );
    expect(lines).toEqual([
      'stateDiagram-v2',
      '    state "Open" as s0',
      '    state "Closed" as s1',
      '    [*] --> s0',
      '    s0 --> s1: Close',
    ]);
  });
});
