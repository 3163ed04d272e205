/**
 * `export --records --mask code,...`: each value of those fields replaced with a fake one of the
 * same type, derived from the value by a keyed hash (HMAC-SHA256 under APPDEPLOY_MASK_KEY). The
 * same value gives the same fake value, so a re-export does not churn, and a value that is in
 * two fields (a customer code in the app and in another app's lookup) stays equal to itself,
 * which keeps keys and lookups joined. Without the secret no one can recompute the fake value of
 * a guessed real one (a plain hash of an email is a lookup table away from the email).
 *
 * Users, groups, organizations and files are not masked (EXPORT.MASK_FIELD): a fake user does not
 * exist in the environment the records go to, and a file's content is not a value to fake.
 */
import { createHmac } from 'node:crypto';
import { AppdeployError } from '../../errors.js';
import { nearestThen, type FieldManifest } from '../../project/index.js';
import { PLAIN_VALUES, type PlainShape } from '../../platform/index.js';

const MASKED: ReadonlySet<PlainShape> = new Set([
  'text',
  'number',
  'option',
  'options',
  'date',
  'time',
  'datetime',
]);

/** Refuses a field that cannot be masked, naming it. */
export function checkMaskable(
  code: string,
  field: FieldManifest | undefined,
  app: string,
  /** The app's field and column codes, for a "did you mean" when `code` is none of them. */
  known: readonly string[] = [],
): void {
  const shape = field ? PLAIN_VALUES[field.type].shape : undefined;
  if (field && shape !== undefined && MASKED.has(shape)) return;
  const why = field ? `a ${field.type} field cannot be masked` : `app "${app}" has no field "${code}"`;
  const hint =
    "Mask text, number, date, time, link and choice fields (a table's columns by their own codes); leave users and files out of --mask.";
  throw new AppdeployError('EXPORT.MASK_FIELD', `--mask ${code}: ${why}`, {
    hint: field ? hint : nearestThen(code, known, hint),
  });
}

export class Masker {
  constructor(private readonly key: string) {}

  /** The fake plain value for `plain` (not empty) of `field`. */
  mask(field: FieldManifest, plain: unknown): unknown {
    if (Array.isArray(plain) && PLAIN_VALUES[field.type].shape === 'options')
      return this.options(field, plain as string[]);
    const digest = createHmac('sha256', this.key).update(String(plain)).digest();
    return fake(field, String(plain), digest);
  }

  private options(field: FieldManifest, chosen: readonly string[]): string[] {
    const names = optionNames(field);
    const picked = new Set(
      chosen.map(
        (name) =>
          names[createHmac('sha256', this.key).update(name).digest().readUInt32BE(0) % names.length] ?? name,
      ),
    );
    return names.filter((name) => picked.has(name));
  }
}

type Fake = (field: FieldManifest, value: string, digest: Buffer) => unknown;

/** The fake value by plain shape; checkMaskable lets no other shape through. */
const FAKES: Partial<Record<PlainShape, Fake>> = {
  text: (field, value, digest) =>
    fitLength(field, fakeText(field, value, digest.toString('hex')), digest.toString('hex')),
  number: (field, _value, digest) => fakeNumber(field, digest),
  date: (_field, _value, digest) => day(digest.readUInt32BE(0)),
  datetime: (_field, _value, digest) =>
    `${day(digest.readUInt32BE(0))}T${clock(digest.readUInt32BE(4) % 1440)}:00Z`,
  time: (_field, _value, digest) => clock(digest.readUInt32BE(0) % 1440),
  option: (field, value, digest) => {
    const names = optionNames(field);
    return names[digest.readUInt32BE(0) % names.length] ?? value;
  },
};

function fake(field: FieldManifest, value: string, digest: Buffer): unknown {
  const make = FAKES[PLAIN_VALUES[field.type].shape];
  return make ? make(field, value, digest) : value;
}

/** Email-looking text stays email-looking (example.com is reserved: RFC 2606); links keep their kind. */
function fakeText(field: FieldManifest, value: string, hex: string): string {
  const protocol = (field as { protocol?: string }).protocol;
  if (protocol === 'MAIL' || /^[^@\s]+@[^@\s]+$/.test(value)) return `user-${hex.slice(0, 10)}@example.com`;
  if (protocol === 'WEB') return `https://example.com/${hex.slice(0, 12)}`;
  if (protocol === 'CALL')
    return `0${BigInt(`0x${hex.slice(0, 12)}`)
      .toString()
      .padStart(10, '0')
      .slice(-10)}`;
  return `masked-${hex.slice(0, 12)}`;
}

/** Within minLength and maxLength, when the field sets them. */
function fitLength(field: FieldManifest, text: string, hex: string): string {
  const { minLength, maxLength } = field as { minLength?: number | string; maxLength?: number | string };
  let out = text;
  if (minLength !== undefined) while (out.length < Number(minLength)) out += hex;
  return maxLength !== undefined ? out.slice(0, Number(maxLength)) : out;
}

/**
 * A whole number within minValue and maxValue (0 to 99,999 when the field sets neither; from 0,
 * or from 99,999 below a negative maxValue, when it sets only maxValue). Before, a field setting
 * neither (or writing them `""`, as an exported manifest does) got -99,999 to 0: a masked amount
 * came out negative. Found by exporting a plain NUMBER field with --mask.
 */
function fakeNumber(field: FieldManifest, digest: Buffer): number | string {
  const { minValue, maxValue } = field as { minValue?: number | string; maxValue?: number | string };
  const min = bound(minValue);
  const max = bound(maxValue);
  const low = Math.ceil(min ?? (max === undefined || max >= 0 ? 0 : max - 99_999));
  const high = Math.floor(max ?? low + 99_999);
  if (high < low) return String(minValue);
  return low + (digest.readUInt32BE(8) % (high - low + 1));
}

/** A field's minValue or maxValue as a number, or undefined when it sets none (absent or `""`). */
function bound(value: number | string | undefined): number | undefined {
  return value === undefined || value === '' ? undefined : Number(value);
}

/** A day from 2000-01-01 to 2029-12-31. */
function day(n: number): string {
  return new Date(Date.UTC(2000, 0, 1) + (n % 10_958) * 86_400_000).toISOString().slice(0, 10);
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Option names in the manifest's order (by index, then as written). */
function optionNames(field: FieldManifest): string[] {
  const options = (field as { options?: Record<string, { index?: number | string }> }).options ?? {};
  return Object.entries(options)
    .map(([name, o], i) => ({ name, index: o.index === undefined ? i : Number(o.index) }))
    .sort((a, b) => a.index - b.index)
    .map((o) => o.name);
}
