/** The languages the service answers in, as the hosted platform offers them. */
export const LANGS = ['en', 'ja', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

/** `ja`, `ja-JP`, `zh-CN`, `zh-TW`, `EN-us` -> the language; undefined for any other tag. */
export function langOf(tag: string): Lang | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LANGS as readonly string[]).includes(primary) ? (primary as Lang) : undefined;
}

/**
 * The language of an answer, chosen as the hosted platform does: the user's own setting, else
 * the `Accept-Language` header (highest q-value first; `*`, no header or no language we speak
 * means the service default), else that default.
 */
export function chooseLang(
  userLang: Lang | undefined,
  acceptLanguage: string | undefined,
  fallback: Lang,
): Lang {
  if (userLang) return userLang;
  if (!acceptLanguage) return fallback;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';').map((s) => s.trim());
      const q = params.find((p) => /^q=/i.test(p));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag !== '' && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === '*') return fallback;
    const lang = langOf(tag);
    if (lang) return lang;
  }
  return fallback;
}
