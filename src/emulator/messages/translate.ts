import type { Lang } from './lang.js';
import { MESSAGES } from './table.js';

interface Compiled {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly words: Readonly<Record<Lang, string>>;
}

const PLACEHOLDER = /\{(\w+)\}/g;

/** Each English wording as a pattern whose placeholders capture the varying parts. */
const COMPILED: readonly Compiled[] = MESSAGES.map((words) => {
  const names = [...words.en.matchAll(PLACEHOLDER)].map((m) => m[1]!);
  const source = words.en
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), names, words };
});

/**
 * A placeholder named `msg...` holds a message of its own (a query problem inside the query
 * error, the reason a process action cannot run): it is translated too, so a composed message
 * reads in one language wherever the table knows its parts. Other placeholders hold the caller's
 * data (codes, values) and are never translated.
 */
const NESTED = /^msg/;

/** One message in `lang`; a message the table does not know stays as it is (in English). */
export function translate(message: string, lang: Lang): string {
  if (lang === 'en') return message;
  for (const { pattern, names, words } of COMPILED) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      names.map((name, i) => {
        const value = match[i + 1] ?? '';
        // A nested message is a strict part of this one, so the recursion ends.
        return [name, NESTED.test(name) && value !== message ? translate(value, lang) : value];
      }),
    );
    return words[lang].replace(PLACEHOLDER, (_all, name: string) => values[name] ?? '');
  }
  return message;
}

interface ErrorBody {
  message?: unknown;
  errors?: Record<string, { messages?: unknown }>;
  results?: unknown;
}

function translateItem(message: unknown, lang: Lang): unknown {
  return typeof message === 'string' ? translate(message, lang) : message;
}

/** An error answer with its `message`, its `errors` and a bulk request's `results` in `lang`. */
export function translateBody(body: unknown, lang: Lang): unknown {
  if (lang === 'en' || typeof body !== 'object' || body === null) return body;
  const { message, errors, results } = body as ErrorBody;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof message === 'string') out.message = translate(message, lang);
  if (errors && typeof errors === 'object')
    out.errors = Object.fromEntries(
      Object.entries(errors).map(([key, entry]) => [
        key,
        Array.isArray(entry?.messages)
          ? { ...entry, messages: (entry.messages as unknown[]).map((m) => translateItem(m, lang)) }
          : entry,
      ]),
    );
  if (Array.isArray(results)) out.results = results.map((r) => translateBody(r, lang));
  return out;
}
