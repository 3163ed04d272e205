/**
 * What a file that is not UTF-8 looks like, so that its refusal can say what to change. The files
 * met in practice: Excel's "CSV" in a Japanese Windows's code page (Shift_JIS, code page 932),
 * kintone's own CSV export (it offers Shift_JIS or UTF-8), Excel's "Unicode text" and Windows
 * editors' "Unicode" (UTF-16LE, with a BOM), and UTF-16BE. A guess is said only where the bytes
 * leave little doubt; anything else is just "not UTF-8" (a Latin-1 file decodes as any 8-bit
 * code page, so none is named).
 */

export type LooksLike = 'UTF-16LE' | 'UTF-16BE' | 'Shift_JIS';

export function looksLike(bytes: Uint8Array): LooksLike | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  return utf16WithoutBom(bytes) ?? (shiftJis(bytes) ? 'Shift_JIS' : null);
}

/** Text of mostly ASCII in UTF-16 has a NUL in every other byte: after each letter (LE) or before (BE). */
function utf16WithoutBom(bytes: Uint8Array): LooksLike | null {
  const sample = bytes.subarray(0, 4096 - (Math.min(bytes.length, 4096) % 2));
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2 === 0) evenNul++;
    else oddNul++;
  }
  const pairs = sample.length / 2;
  if (pairs < 2) return null;
  if (oddNul >= pairs * 0.3 && evenNul === 0) return 'UTF-16LE';
  if (evenNul >= pairs * 0.3 && oddNul === 0) return 'UTF-16BE';
  return null;
}

/** Kana or kanji (and the full-width forms) among the characters Shift_JIS decodes beyond ASCII. */
const JAPANESE = /[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]/u;

/** Decodes as Shift_JIS without a fault, and most of what is not ASCII is Japanese. */
function shiftJis(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder('shift_jis', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const beyond = [...text].filter((c) => c > '\u007f');
  return beyond.length > 0 && beyond.filter((c) => JAPANESE.test(c)).length >= beyond.length * 0.8;
}
