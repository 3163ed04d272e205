import { readTextFile } from './read-file.js';
import { problem, type Problem } from './problems.js';
import type { Variables } from './env-vars.js';
import { parseYaml, type UnsetVariable, type YamlSource, type Location } from './yaml-source.js';

export interface SourceRead {
  source: YamlSource | null;
  problems: Problem[];
  unset: UnsetVariable[];
  /** Values that are nothing but variables set to '' (yaml-build.ts, Builder.empty). */
  empty: UnsetVariable[];
}

/**
 * Reads and parses one YAML file. When it cannot be read, the problem is put at `referencedAt`
 * (the line that names the file) when there is one, so the user sees where the bad path came from.
 */
export async function readSource(options: {
  path: string;
  file: string;
  variables: Variables;
  maxFileBytes: number;
  /** The line naming the file, how it writes the path, and what to put before the message. */
  referencedAt?: Location & { prefix: string; written: string };
}): Promise<SourceRead> {
  const read = await readTextFile(options.path, options.maxFileBytes);
  if (!read.ok) {
    const at = options.referencedAt ?? {
      file: options.file,
      line: 1,
      col: 1,
      prefix: '',
      written: options.file,
    };
    const message = `${at.prefix}${at.written} ${read.message}`;
    return {
      source: null,
      problems: [problem(read.code, message, at, { hint: read.hint })],
      unset: [],
      empty: [],
    };
  }
  const parsed = parseYaml({
    text: read.text,
    path: options.path,
    file: options.file,
    variables: options.variables,
  });
  return { source: parsed.source, problems: parsed.problems, unset: parsed.unset, empty: parsed.empty };
}
