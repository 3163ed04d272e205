/**
 * What export writes for a value from the service reads back as that value: `${` is written
 * `$${` (docs/manifests.md: "`$${` writes a literal `${`"), whatever `$`s surround it; and an
 * edit keeps a value's `${VAR}` text where the value means what it meant.
 */
import { describe, expect, it } from 'vitest';
import { expandPlaceholders, maskVariables } from '../../src/project/env-vars.js';
import { escapeVariables, writtenForm } from '../../src/export/variables.js';

/** A scalar as the loader reads it (no variables set). */
function readBack(text: string): string {
  const { text: masked, refs } = maskVariables(text);
  return expandPlaceholders(masked, refs, {}).value;
}

describe('escapeVariables', () => {
  it.each([
    ['costs ${PRICE}', 'costs $${PRICE}'],
    ['$${already}', '$$${already}'],
    ['${', '$${'],
    ['$$', '$$'],
    ['a $ {b}', 'a $ {b}'],
    ['${A}${B}', '$${A}$${B}'],
  ])('%s is written %s and reads back as itself', (value, written) => {
    expect(escapeVariables(value)).toBe(written);
    expect(readBack(written)).toBe(value);
  });

  it('escapes keys and nested values', () => {
    expect(escapeVariables({ '${k}': ['${v}', 1, null] })).toEqual({ '$${k}': ['$${v}', 1, null] });
  });
});

describe('writtenForm', () => {
  it('keeps the text of a value whose meaning is unchanged, escapes what is new', () => {
    const raw = { name: '\ue000\uf8ff\uf8ff\uf8ff', label: 'Old' };
    const expanded = { name: 'Tasks', label: 'Old' };
    expect(writtenForm({ name: 'Tasks', label: 'New ${x}' }, raw, expanded)).toEqual({
      name: raw.name,
      label: 'New $${x}',
    });
  });
});
