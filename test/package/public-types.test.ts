/**
 * The types a user of the package gets (dist/*.d.ts, as package.json's `exports` name them):
 * every type named in an exported declaration (a function's parameters and result, an
 * interface's properties, a class's public members, a union's members) can be imported by name
 * from one of the package's entries, so that a user's code can name what it passes and receives
 * (`AppdeployError['code']` is a union a `switch` covers; its name must be importable too). The
 * exceptions are listed with why a user never names them. No declaration is typed `any`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli.js';

const DIST = join(ROOT, 'dist') + '/';

/** Types named in exported declarations that a user does not name, by name and file under dist/. */
const NOT_FOR_USERS: Record<string, string> = {
  // The common part of the members of an exported union (the union is exported; a user names it).
  'Input project/manifest-fields.d.ts': 'common part of the field manifests',
  'Choice project/manifest-fields.d.ts': 'common part of the choice field manifests',
  'Aligned project/manifest-fields.d.ts': 'common part of the choice field manifests',
  'Base project/manifest-fields.d.ts': 'common part of the field manifests',
  'ViewBase project/manifest.d.ts': 'common part of the view manifests',
  'ViewBase client/types/views.d.ts': 'common part of the views',
  'InputField client/types/fields.d.ts': 'common part of the field properties',
  'FieldBase client/types/fields.d.ts': 'common part of the field properties',
  'InputFieldType platform/field-types.d.ts': 'a part of the exported FieldType union',
  'AssigneeType areas/process.d.ts': 'a part of the exported ProcessCanonical',
  'EntityTargetCanonical areas/canonical.d.ts': 'a part of the exported ProcessCanonical',
  // The constructors of the sub-clients: createClient builds them; a user never does.
  'ClientContext client/context.d.ts': 'a sub-client constructor parameter',
  'SettingsEndpoint platform/settings-catalogue.d.ts': 'a sub-client constructor parameter',
  // Extension points for settings areas defined outside src/ (docs/architecture.md, "Adding a
  // settings area"): the area table and the emulator's endpoints, used by this repository's tests.
  'Area areas/types.d.ts': 'an area defined outside src/ (architecture.md)',
  'JsonObject emulator/model/app.d.ts': 'an endpoint defined outside src/ (architecture.md)',
  'Shape emulator/validate/shape.d.ts': 'an endpoint defined outside src/ (architecture.md)',
  'AppPermission emulator/access.d.ts': 'an endpoint defined outside src/ (architecture.md)',
  // apply's `records` option: the records work of migrations swapped for a test's.
  'CopySpec records/copy-rules.d.ts': "apply's records option (tests)",
  'CopyOptions records/copy-field.d.ts': "apply's records option (tests)",
  'CopyResult records/copy-field.d.ts': "apply's records option (tests)",
  'BackupRequest records/backup.d.ts': "apply's records option (tests)",
  'BackupResult records/backup.d.ts': "apply's records option (tests)",
  // LoadOptions extends it: its properties are LoadOptions' own.
  'FindOptions project/find.d.ts': 'extended by the exported LoadOptions',
  'PrincipalPlace project/principal-maps.d.ts': 'the element type of the exported PRINCIPAL_PLACES',
  // `type Platform = Dialect`: the exported Platform is this type.
  'Dialect platform/auth-headers.d.ts': 'exported as Platform',
};

function entries(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
  };
  return Object.values(manifest.exports)
    .map((target) => (typeof target === 'string' ? undefined : target.types))
    .filter((types): types is string => types !== undefined)
    .map((types) => join(ROOT, types));
}

/** `name file` of each type named in an exported declaration that no entry exports, and each `any`. */
function unnamable(): string[] {
  const program = ts.createProgram(entries(), {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const resolved = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const exported = new Set<ts.Symbol>();
  const exportsOf = (module: ts.Symbol) => {
    for (const symbol of checker.getExportsOfModule(module).map(resolved)) {
      exported.add(symbol);
      // `export * as query`: its members are importable too.
      if (symbol.flags & ts.SymbolFlags.ValueModule) exportsOf(symbol);
    }
  };
  for (const file of entries()) exportsOf(checker.getSymbolAtLocation(program.getSourceFile(file)!)!);
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword)
      found.add(`any at ${node.getSourceFile().fileName.slice(DIST.length)}:${node.getStart()}`);
    const name = ts.isTypeReferenceNode(node)
      ? node.typeName
      : ts.isExpressionWithTypeArguments(node)
        ? node.expression
        : undefined;
    const symbol = name && checker.getSymbolAtLocation(name);
    const declaration = symbol && resolved(symbol).declarations?.[0];
    const file = declaration?.getSourceFile().fileName ?? '';
    const named =
      ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum;
    if (symbol && file.startsWith(DIST) && resolved(symbol).flags & named && !exported.has(resolved(symbol)))
      found.add(`${resolved(symbol).name} ${file.slice(DIST.length)}`);
    ts.forEachChild(node, visit);
  };
  for (const symbol of exported)
    for (const declaration of symbol.declarations ?? [])
      if (declaration.getSourceFile().fileName.startsWith(DIST) && !ts.isSourceFile(declaration))
        visit(declaration);
  return [...found].sort();
}

describe('the types the package gives its users', () => {
  it('name only types a user can import from one of its entries (or listed with why not)', () => {
    const found = unnamable();
    expect(found.filter((type) => NOT_FOR_USERS[type] === undefined)).toEqual([]);
    // Each exception is still needed.
    expect(Object.keys(NOT_FOR_USERS).filter((type) => !found.includes(type))).toEqual([]);
  }, 60_000);
});
