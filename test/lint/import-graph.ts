import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The runtime import graph of a TypeScript tree, as Node will load it: each file is transpiled
 * on its own, as `isolatedModules` would, which drops `import type`, type-only specifiers and
 * imports used only in type positions; then the emitted `import`/`export … from` statements are
 * read back. File by file, the compiler cannot tell that `export { T } from` names only a type,
 * so it keeps it: the graph may hold an edge the build drops, never miss one (write
 * `export type` then). Dynamic `import()` is left out: it runs after loading, so it cannot close
 * a loading cycle.
 */
export function runtimeImportGraph(files: readonly string[]): Map<string, string[]> {
  const compilerOptions: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    isolatedModules: true,
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions,
      fileName: file,
    });
    graph.set(file, staticImports(file, outputText));
  }
  return graph;
}

/** Relative specifiers of the static imports and re-exports in emitted JavaScript, as .ts paths. */
function staticImports(file: string, js: string): string[] {
  const parsed = ts.createSourceFile(file.replace(/\.ts$/, '.js'), js, ts.ScriptTarget.ES2022);
  const targets: string[] = [];
  for (const statement of parsed.statements) {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = sourceOf(resolve(dirname(file), specifier.text));
    if (target) targets.push(target);
  }
  return targets;
}

function sourceOf(path: string): string | undefined {
  const candidates = [path.replace(/\.js$/, '.ts'), join(path, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

/** Every cycle's files in import order, found by Tarjan's strongly connected components. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfImport = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) cycles.push(pathThrough(graph, new Set(component), node));
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** One walk round a strongly connected component, so the message names a real chain of imports. */
function pathThrough(graph: Map<string, string[]>, members: Set<string>, start: string): string[] {
  const path = [start];
  const seen = new Set([start]);
  let at = start;
  for (;;) {
    const onward = (graph.get(at) ?? []).filter((to) => members.has(to));
    const back = onward.find((to) => to === start);
    const fresh = onward.find((to) => !seen.has(to));
    if (fresh === undefined || (back !== undefined && seen.size === members.size)) return [...path, start];
    path.push(fresh);
    seen.add(fresh);
    at = fresh;
  }
}

export function typeScriptFiles(root: string, skip: readonly string[] = []): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (skip.some((s) => path.startsWith(s))) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) found.push(path);
    }
  };
  walk(root);
  return found.sort();
}

export const describeCycle = (root: string, cycle: string[]): string =>
  cycle.map((file) => relative(root, file)).join(' -> ');
