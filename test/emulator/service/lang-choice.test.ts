// How a language is read from `--user` and from Accept-Language (platform-facts-verified, Locale).
import { describe, expect, it } from 'vitest';
import { parseUserSpec } from '../../../src/emulator/options.js';
import { chooseLang } from '../../../src/emulator/messages/lang.js';

describe('language choice', () => {
  it.each([
    ['kenji:pw', { login: 'kenji', password: 'pw', admin: false }],
    ['kenji:pw:admin', { login: 'kenji', password: 'pw', admin: true }],
    ['kenji:pw:ja', { login: 'kenji', password: 'pw', admin: false, lang: 'ja' }],
    ['kenji:pw:admin:zh', { login: 'kenji', password: 'pw', admin: true, lang: 'zh' }],
    ['kenji:a:b:en', { login: 'kenji', password: 'a:b', admin: false, lang: 'en' }],
  ])('--user %s', (spec, expected) => {
    expect(parseUserSpec(spec)).toEqual(expected);
  });

  it.each([
    [undefined, undefined, 'en', 'en'],
    ['zh', 'ja', 'en', 'zh'],
    [undefined, 'ja-JP,ja;q=0.9', 'en', 'ja'],
    [undefined, 'en;q=0.2, zh-TW;q=0.7, ja;q=0.5', 'en', 'zh'],
    [undefined, 'fr, de;q=0.5', 'ja', 'ja'],
    [undefined, '*', 'ja', 'ja'],
    [undefined, 'ja;q=0, en', 'ja', 'en'],
  ] as const)('user %s, Accept-Language %s, default %s -> %s', (user, header, fallback, expected) => {
    expect(chooseLang(user, header, fallback)).toBe(expected);
  });
});
