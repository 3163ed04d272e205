/**
 * How long a text is, as the platform's "N characters" limits count it, and those limits. validate
 * (the JSON Schema's maxLength, and its own checks), the plan (a migration's text conversions), the
 * local service (every settings write, record value and comment) all count with `textLength`, so a
 * name at its limit is taken or refused alike on every side.
 *
 * The rule: a character is a Unicode code point (an emoji outside the BMP is one character, though
 * it is two UTF-16 code units; `e` followed by U+0301 is two, though it shows as one); a lone
 * surrogate counts as one. Evidence for the hosted platform is silent: its documentation says
 * "at most N characters" and never how they are counted (searched: the spec's Limits table,
 * rest-interface.md; platform-facts.md and platform-facts-verified.md, which say nothing of it;
 * kintone.dev's pages of each settings API; get.kintone.help "Field Entry Limits" (040528);
 * SonicGarden/kintone-emulator docs/real-kintone-notes.md). Code points are what JSON Schema's
 * maxLength counts (characters as RFC 8259 defines them; ajv's `ucs2length`), which the schema
 * editors read uses, and what the local service already counted record values in; a count in
 * UTF-16 code units (JavaScript's `.length`) or in graphemes would each disagree with the schema.
 */

/** The characters of `text` by the rule above (`[...text].length`, without making the array). */
export function textLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character; a lone surrogate counts alone.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * The length limits of the app settings, in characters as `textLength` counts them. app.schema.json
 * holds the same figures as maxLength (test/platform/text-length.test.ts keeps the two together).
 */
export const TEXT_LIMITS = {
  /** App name (general settings, app creation): rest-interface.md, Limits, "max 64 characters". */
  appName: 64,
  /** App description: rest-interface.md, Limits, "max 10,000 characters". */
  appDescription: 10_000,
  /** Admin notes content: rest-interface.md, Limits, "max 10,000 characters". */
  adminNotes: 10_000,
  /**
   * A field code, a field's label and a view's name: the figures the schema and the local service
   * held before this catalogue; no page searched (as above) states them, so they are kept, not
   * sourced.
   */
  fieldCode: 128,
  fieldLabel: 128,
  viewName: 64,
  /** A graph's name: kintone.dev, Update Graph Settings (at most 64 characters). */
  reportName: 64,
  /** A copy action's name: kintone.dev, Update Action Settings ("1 to 32 characters can be specified"). */
  actionName: 32,
  /** A status's name: kintone.dev, Update Process Management Settings ("The maximum length is 64 characters"). */
  statusName: 64,
  /** A text or link field that prohibits duplicate values: get.kintone.help "Field Entry Limits" (040528). */
  uniqueText: 64,
} as const;
