// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '**/*.js', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // No function in src/ branches more than 20 ways (issue 22): a bigger one is split into named
    // steps or a table per case.
    files: ['src/**/*.ts'],
    rules: { complexity: ['error', 20] },
  },
  {
    // A double assertion through unknown or any tells TypeScript to stop checking (issue 35):
    // the areas' canonical forms, the local copy and plan --check build typed values or narrow
    // with type guards instead, so these folders hold none and may not again.
    files: ['src/areas/**/*.ts', 'src/local/**/*.ts', 'src/check/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['TSAsExpression', 'TSTypeAssertion'].flatMap((outer) =>
          ['TSUnknownKeyword', 'TSAnyKeyword'].flatMap((inner) =>
            ['TSAsExpression', 'TSTypeAssertion'].map((assertion) => ({
              selector: `${outer} > ${assertion}[typeAnnotation.type='${inner}']`,
              message:
                'No assertion through unknown or any here (issue 35): build a value of the type, or narrow with a type guard.',
            })),
          ),
        ),
      ],
    },
  },
  // What may import what (DESIGN.md); each folder's allow-list is in eslint.boundaries.js.
  ...importBoundaries,
  {
    // Only the command layer and the emulator's command entry talk to the terminal.
    files: ['src/cli/**', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests poke at loosely typed JSON on purpose.
    files: ['test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
