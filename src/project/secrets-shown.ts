/**
 * appdeploy.yaml as its problems show it: a secret written as itself rather than as a
 * `${VARIABLE}` (a password, an API token, a certificate's password, a proxy URL's password) is
 * replaced by asterisks of its length, so that a problem on its line (a proxy URL with a path, a
 * key misspelled beside the password) does not print it on the terminal or in a CI log, and
 * every column stays where it was. A value written as a variable holds no secret in the text.
 */
import type { Path } from './problems.js';
import { valueAt, type YamlSource } from './yaml-source.js';

/** Under an environment: where its secrets are. */
const SECRET_PLACES: readonly Path[] = [
  ['auth', 'password'],
  ['auth', 'apiToken'],
  ['basicAuth', 'password'],
  ['clientCertificate', 'password'],
  ['clientCertificate', 'passphrase'],
];

/** A scalar as written from its first character: quoted, or plain up to what ends it. */
const SCALAR = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s,\]}#][^,\]}\r]*?)(?=\s*(?:[,\]}]|\s#|\r?$))/;

export function secretsHidden(source: YamlSource): string {
  const lines = source.text.split('\n');
  const environments = (source.value as { environments?: unknown } | undefined)?.environments;
  if (environments === null || typeof environments !== 'object') return source.text;
  for (const [name, environment] of Object.entries(environments)) {
    for (const place of SECRET_PLACES) {
      const value = valueAt(environment, place);
      const items = Array.isArray(value) ? value.map((_, i) => [...place, i]) : [place];
      for (const path of value === undefined ? [] : items)
        hide(lines, source, ['environments', name, ...path], (token) => [0, token.length]);
    }
    if (typeof valueAt(environment, ['proxy']) === 'string')
      hide(lines, source, ['environments', name, 'proxy'], proxyPassword);
  }
  return lines.join('\n');
}

/** The password of a proxy URL as written (`http://login:PASSWORD@host`), as [start, end]. */
function proxyPassword(token: string): [number, number] | undefined {
  const match = /^["']?[a-z][a-z0-9+.-]*:\/\/[^:@/]*:([^@/]*)@/i.exec(token);
  if (!match?.[1]) return undefined;
  const end = match[0].length - 1;
  return [end - match[1].length, end];
}

function hide(
  lines: string[],
  source: YamlSource,
  path: Path,
  secret: (token: string) => [number, number] | undefined,
): void {
  const at = source.locate(path);
  const line = lines[at.line - 1];
  if (line === undefined) return;
  const start = at.col - 1;
  const token = SCALAR.exec(line.slice(start))?.[0];
  if (token === undefined || token.includes('${')) return;
  const span = secret(token);
  if (span === undefined || span[1] <= span[0]) return;
  const [from, to] = [start + span[0], start + span[1]];
  lines[at.line - 1] = line.slice(0, from) + '*'.repeat(to - from) + line.slice(to);
}
