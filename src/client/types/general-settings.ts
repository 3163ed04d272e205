/** General settings of an app (spec "General settings", platform-facts "Apps and deploy"). */

export type Icon =
  | { type: 'PRESET'; key: string }
  | { type: 'FILE'; file: { fileKey: string; name?: string; contentType?: string; size?: string } };

export type Theme = 'WHITE' | 'RED' | 'GREEN' | 'BLUE' | 'YELLOW' | 'BLACK' | (string & {});

export interface GeneralSettings {
  name: string;
  description: string;
  icon: Icon;
  theme: Theme;
  titleField?: { selectionMode: 'AUTO' | 'MANUAL'; code?: string };
  numberPrecision?: { digits: string; decimalPlaces: string; roundingMode: 'HALF_EVEN' | 'UP' | 'DOWN' };
  firstMonthOfFiscalYear?: string;
  enableThumbnails?: boolean;
  enableBulkDeletion?: boolean;
  enableComments?: boolean;
  enableDuplicateRecord?: boolean;
  enableInlineRecordEditing?: boolean;
}

export interface GeneralSettingsResult extends GeneralSettings {
  revision: string;
}

/** A PUT changes only the keys it names. */
export type GeneralSettingsUpdate = Partial<GeneralSettings>;
