/**
 * An attachment's file, found whatever Unicode form its name is in. macOS writes file names
 * decomposed (NFD: か + U+3099) where editors write text composed (NFC: が), and its file systems
 * find either; copied to Linux (a CI checkout from an archive, rsync) the name keeps its bytes and
 * a lookup by the other form finds nothing, though both spell the same name to the person who
 * wrote it. The exact name wins; else the one entry of the folder whose name is the same in NFC.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, parse, sep } from 'node:path';

/** The path of the file `absolute` names, in the forms its folders and name have on disk; null when none. */
export function fileInAnyForm(absolute: string): string | null {
  if (isFile(absolute)) return absolute;
  if (absolute.normalize('NFC') === absolute && absolute.normalize('NFD') === absolute) return null;
  const { root } = parse(absolute);
  let found = root;
  for (const segment of absolute.slice(root.length).split(sep)) {
    const next = entryInAnyForm(found, segment);
    if (next === null) return null;
    found = join(found, next);
  }
  return isFile(found) ? found : null;
}

function entryInAnyForm(folder: string, name: string): string | null {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return null;
  }
  if (names.includes(name)) return name;
  const wanted = name.normalize('NFC');
  const same = names.filter((entry) => entry.normalize('NFC') === wanted);
  return same.length === 1 ? same[0]! : null;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
