/**
 * How many columns a terminal draws text in, for lining values up (render/) and for standing
 * validate's caret under the character a problem names (project/format.ts): East Asian wide and
 * full-width characters (Unicode's UAX #11, W and F: kanji, kana, hangul, full-width forms) and
 * emoji take two, combining marks and zero-width characters none, the rest one. Counted per
 * grapheme (what a person sees as one character: an emoji with its skin tone or joined family,
 * a letter with its accents), by its first code point. A leaf: it imports nothing.
 */

/** UAX #11's W and F blocks that field codes, labels and values meet, and the emoji planes. */
const WIDE =
  /^[\u1100-\u115f\u231a\u231b\u2329\u232a\u23e9-\u23ec\u23f0\u23f3\u25fd\u25fe\u2614\u2615\u2648-\u2653\u267f\u2693\u26a1\u26aa\u26ab\u26bd\u26be\u26c4\u26c5\u26ce\u26d4\u26ea\u26f2\u26f3\u26f5\u26fa\u26fd\u2705\u270a\u270b\u2728\u274c\u274e\u2753-\u2755\u2757\u2795-\u2797\u27b0\u27bf\u2b1b\u2b1c\u2b50\u2b55\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe10-\ufe19\ufe30-\ufe6f\uff00-\uff60\uffe0-\uffe6\u{16fe0}-\u{1b2ff}\u{1f004}\u{1f0cf}\u{1f18e}\u{1f191}-\u{1f19a}\u{1f200}-\u{1f64f}\u{1f680}-\u{1f6ff}\u{1f7e0}-\u{1f7eb}\u{1f900}-\u{1f9ff}\u{1fa70}-\u{1faff}\u{20000}-\u{3fffd}]/u;
/** Marks, format characters (zero-width space, joiners, bidi marks) and variation selectors. */
const ZERO = /^[\p{M}\p{Cf}]/u;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The graphemes of `text`, each with its index (in UTF-16 units) in it. */
export function graphemesOf(text: string): Iterable<{ segment: string; index: number }> {
  return graphemes.segment(text);
}

export function displayWidth(text: string): number {
  // Plain ASCII, the common case, is one column a character.
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  let columns = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (ZERO.test(segment)) continue;
    columns += WIDE.test(segment) || segment.includes('\ufe0f') ? 2 : 1;
  }
  return columns;
}
