/**
 * The text real users' files and apps hold, and the text an attacker puts in a label or a record
 * to act on whoever reads a plan: each a name (for the log) and the string.
 */

/** Text for labels, option names, view names, the app's name and record values. */
export const TEXTS: Readonly<Record<string, string>> = {
  'window title (OSC)': 'A\u001b]0;pwned\u0007B',
  'clear screen and colour (CSI)': '\u001b[2J\u001b[31mred',
  'carriage return': 'ok\rFAIL',
  'C1 CSI and NEL': 'x\u009b2Jy\u0085z',
  'bidi override': 'invoice\u202efdp.exe',
  'Markdown and HTML': 'a | b `c` <!-- d --> <b>e</b> **f**',
  mention: 'cc @octocat and @acme/reviewers',
  'line break': 'line one\nline two',
  'CRLF inside': 'one\r\ntwo',
  Japanese: '顧客名（株式会社サンプル）',
  'NFD kana': 'か\u3099いしゃ',
  'emoji and astral': '👍🏽🧑‍💻𠮷野家',
  'full-width': 'ＡＢＣ１２３',
  tab: 'a\tb',
  'U+2028': 'a\u2028b',
};

/** Field codes Japanese teams write (the platform's codes take letters of any script). */
export const CODES: readonly string[] = ['顧客名', 'ｺｰﾄﾞ', 'ＡＢＣ', '𠮷野家', '備考_1', 'memo'];

/** Characters that must never reach a terminal raw (src/cli/terminal-text.ts's set). */
const CONTROLS =
  '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]';
export const UNSAFE = new RegExp(CONTROLS, 'u');
