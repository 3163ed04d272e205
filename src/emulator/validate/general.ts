import { TEXT_LIMITS } from '../../platform/index.js';
import { bool, byValue, int, obj, str, type Shape } from './shape.js';
import { placeField } from './place-field.js';

const icon: Shape = byValue((value) =>
  (value as { type?: unknown } | null)?.type === 'FILE'
    ? obj({ type: str(), file: obj({ fileKey: str() }, { required: ['fileKey'] }) }, { required: ['file'] })
    : obj({ type: str({ oneOf: ['PRESET', 'FILE'] }), key: str() }, { required: ['type', 'key'] }),
);

/** General settings (`PUT preview/app/settings.json`): every key optional, a PUT changes only those it names. */
export const generalSettings: Record<string, Shape> = {
  name: byValue((value) =>
    typeof value === 'string' && value.trim() === ''
      ? (_v, path, ctx) => ctx.problems.add(path, `Enter a name of 1 to ${TEXT_LIMITS.appName} characters.`)
      : str({ max: TEXT_LIMITS.appName }),
  ),
  description: str({ max: TEXT_LIMITS.appDescription }),
  icon,
  // The six colours and the classic themes: the official client's Theme (app/setting.d.ts) lists
  // all ten, and validate's schema takes them (app.schema.json, theme).
  theme: str({
    oneOf: ['WHITE', 'RED', 'GREEN', 'BLUE', 'YELLOW', 'BLACK', 'CLIPBOARD', 'BINDER', 'PENCIL', 'CLIPS'],
  }),
  titleField: obj({
    selectionMode: str({ oneOf: ['AUTO', 'MANUAL'] }),
    code: placeField('general', 'titleField.code'),
  }),
  numberPrecision: obj({
    digits: int(1),
    decimalPlaces: int(0),
    roundingMode: str({ oneOf: ['HALF_EVEN', 'UP', 'DOWN'] }),
  }),
  firstMonthOfFiscalYear: byValue((value) =>
    Number(value) >= 1 && Number(value) <= 12 ? int(1) : monthError,
  ),
  enableThumbnails: bool(),
  enableBulkDeletion: bool(),
  enableComments: bool(),
  enableDuplicateRecord: bool(),
  enableInlineRecordEditing: bool(),
};

const monthError: Shape = (_value, path, ctx) => ctx.problems.add(path, 'Enter a month from 1 to 12.');
