/** Type-checks programs with the TypeScript compiler, the official client resolved from this repository. */
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './examples.js';

/** Each file's own errors (one program for all: the client's declarations are read once). */
export function compileErrors(paths: readonly string[]): Map<string, string[]> {
  const program = ts.createProgram(paths, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [join(ROOT, 'node_modules/@types')],
    skipLibCheck: true,
    paths: {
      '@kintone/rest-api-client': [join(ROOT, 'node_modules/@kintone/rest-api-client/lib/src/index.d.ts')],
    },
  });
  return new Map(
    paths.map((path) => [
      path,
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(path))
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    ]),
  );
}
