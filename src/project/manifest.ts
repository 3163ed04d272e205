/**
 * The app manifest (schema/app.schema.json) and appdeploy.yaml (schema/project.schema.json) as
 * typed data. Every area is optional: an area left out is not managed.
 */
import type { Entity } from '../client/types/common.js';
import type { ChartType } from '../client/types/reports.js';
import type { AppReference, FieldManifest, FieldType, Numeric } from './manifest-fields.js';
import type { Locale } from '../platform/index.js';

export type * from './manifest-fields.js';

export type LocalFile = { type: 'FILE'; path: string };
export type IconSetting = { type: 'PRESET'; key: string } | LocalFile;
export type ResourceSetting = { type: 'URL'; url: string } | LocalFile;

export interface Size {
  width?: Numeric;
  height?: Numeric;
  innerHeight?: Numeric;
}

/** Field types a layout row can show: SUBTABLE and GROUP are blocks; the rest cannot be placed. */
export type PlaceableFieldType = Exclude<
  FieldType,
  'SUBTABLE' | 'GROUP' | 'STATUS' | 'STATUS_ASSIGNEE' | 'CATEGORY'
>;

export type LayoutElement =
  | { type: 'LABEL'; label: string; elementId?: string; size?: Size }
  | { type: 'SPACER'; elementId?: string; size?: Size }
  | { type: 'HR'; size?: Size }
  /** A field; its `type` may be left out (it comes from the field's definition). */
  | { type?: PlaceableFieldType; code: string; size?: Size };

export interface LayoutRowSetting {
  type: 'ROW';
  fields: LayoutElement[];
}
export type LayoutBlock =
  | LayoutRowSetting
  | { type: 'SUBTABLE'; code: string; fields: LayoutElement[] }
  | { type: 'GROUP'; code: string; layout: LayoutRowSetting[] };

interface ViewBase<T extends string> {
  type: T;
  index?: Numeric;
  filterCond?: string;
  sort?: string;
}
export type ViewSetting =
  | (ViewBase<'LIST'> & { fields?: string[] })
  | (ViewBase<'CALENDAR'> & { date: string; title: string })
  | (ViewBase<'CUSTOM'> & { html: string; pager?: boolean; device?: 'DESKTOP' | 'ANY' });

export interface EntityTarget {
  entity: Entity;
  includeSubs?: boolean;
}

export interface ProcessSetting {
  enable?: boolean;
  states?: Record<
    string,
    {
      /** The status's name before a rename: the records in it follow it. */
      renamedFrom?: string;
      index?: Numeric;
      assignee?: { type: 'ONE' | 'ALL' | 'ANY'; entities?: EntityTarget[] };
    }
  >;
  actions?: {
    name: string;
    from: string;
    to: string;
    filterCond?: string;
    type?: 'PRIMARY' | 'SECONDARY';
    executableUser?: { entities?: EntityTarget[] };
  }[];
}

/** A JavaScript file apply writes for the environment: its name and app ids (customize.ts). */
export type GeneratedResource = { generated: 'environment' };

export interface CustomizeSetting {
  scope?: 'ALL' | 'ADMIN' | 'NONE';
  desktop?: { js?: (ResourceSetting | GeneratedResource)[]; css?: ResourceSetting[] };
  mobile?: { js?: (ResourceSetting | GeneratedResource)[]; css?: ResourceSetting[] };
}

export interface AppRightSetting extends EntityTarget {
  appEditable?: boolean;
  recordViewable?: boolean;
  recordAddable?: boolean;
  recordEditable?: boolean;
  recordDeletable?: boolean;
  recordImportable?: boolean;
  recordExportable?: boolean;
}
export interface RecordRightSetting {
  filterCond?: string;
  entities: (EntityTarget & { viewable?: boolean; editable?: boolean; deletable?: boolean })[];
}
export interface FieldRightSetting {
  field: string;
  entities: (EntityTarget & { accessibility: 'READ' | 'WRITE' | 'NONE' })[];
}

export interface NotificationsSetting {
  general?: {
    notifyToCommenter?: boolean;
    notifications?: (EntityTarget & {
      recordAdded?: boolean;
      recordEdited?: boolean;
      commentAdded?: boolean;
      statusChanged?: boolean;
      fileImported?: boolean;
    })[];
  };
  perRecord?: { notifications?: { filterCond?: string; title?: string; targets: EntityTarget[] }[] };
  reminder?: {
    timezone?: string;
    notifications?: {
      timing: { code: string; daysLater: Numeric; hoursLater?: Numeric; time?: string };
      filterCond?: string;
      title?: string;
      targets: EntityTarget[];
    }[];
  };
}

export interface ReportSetting {
  chartType: ChartType;
  chartMode?: 'NORMAL' | 'STACKED' | 'PERCENTAGE';
  index?: Numeric;
  groups: { code: string; per?: 'YEAR' | 'QUARTER' | 'MONTH' | 'WEEK' | 'DAY' | 'HOUR' | 'MINUTE' }[];
  aggregations: { type: 'COUNT' | 'SUM' | 'AVERAGE' | 'MAX' | 'MIN'; code?: string }[];
  filterCond?: string;
  sorts?: { by: 'TOTAL' | 'GROUP1' | 'GROUP2' | 'GROUP3'; order: 'ASC' | 'DESC' }[];
  periodicReport?: { active: boolean; period: Record<string, string | number> & { every: string } };
}

export interface CopyActionSetting {
  index?: Numeric;
  destApp: AppReference;
  mappings: { srcType: 'FIELD' | 'RECORD_URL'; srcField?: string; destField: string }[];
  entities: { type: 'USER' | 'GROUP' | 'ORGANIZATION'; code: string }[];
  filterCond?: string;
}

export interface AppManifest {
  name: string;
  description?: string;
  icon?: IconSetting;
  theme?: string;
  titleField?: { selectionMode: 'AUTO' | 'MANUAL'; code?: string };
  numberPrecision?: { digits?: Numeric; decimalPlaces?: Numeric; roundingMode?: 'HALF_EVEN' | 'UP' | 'DOWN' };
  firstMonthOfFiscalYear?: Numeric;
  enableThumbnails?: boolean;
  enableBulkDeletion?: boolean;
  enableComments?: boolean;
  enableDuplicateRecord?: boolean;
  enableInlineRecordEditing?: boolean;
  space?: Numeric;
  thread?: Numeric;
  fields?: Record<string, FieldManifest>;
  layout?: LayoutBlock[];
  views?: Record<string, ViewSetting>;
  process?: ProcessSetting;
  customize?: CustomizeSetting;
  appAcl?: AppRightSetting[];
  recordAcl?: RecordRightSetting[];
  fieldAcl?: FieldRightSetting[];
  notifications?: NotificationsSetting;
  reports?: Record<string, ReportSetting>;
  actions?: Record<string, CopyActionSetting>;
  adminNotes?: { content?: string; includeInTemplateAndDuplicates?: boolean };
  plugins?: PluginItem[];
}

/**
 * A plug-in added to the app. `path` names its package (relative to the manifest's folder), which
 * apply installs system-wide, or updates when the installed version differs.
 */
export interface PluginItem {
  id: string;
  name?: string;
  path?: string;
}

export type EnvironmentAuth = { login: string; password: string } | { apiToken: string | string[] };

/** One environment of appdeploy.yaml; without `baseUrl` it is the embedded local service. */
export interface EnvironmentConfig {
  baseUrl?: string;
  /** The language its apps are created in (system field codes, preset statuses); else the project's. */
  locale?: Locale;
  auth?: EnvironmentAuth;
  basicAuth?: { login: string; password: string };
  /** An HTTP proxy to reach the service through (wins over HTTPS_PROXY / HTTP_PROXY). */
  proxy?: string;
  /** The client certificate a Secure Access domain requires; paths relative to appdeploy.yaml. */
  clientCertificate?: { pfx: string; password?: string } | { cert: string; key: string; passphrase?: string };
  /** A certificate authority (PEM) to trust on top of the default ones; relative to appdeploy.yaml. */
  ca?: string;
  guestSpaceId?: Numeric;
  /**
   * Which names the service speaks (the client's `platform` option): `kintone`, the hosted
   * platform's; `service`, the spec's. Default: from the base URL's domain (`service` locally).
   */
  platform?: 'kintone' | 'service';
  /**
   * The code each user, group and organization the manifests name has in this environment, by
   * the code the manifests use; null leaves out what names it here (principal-maps.ts).
   */
  users?: PrincipalMap;
  groups?: PrincipalMap;
  organizations?: PrincipalMap;
  /** Calls in flight at once to this environment's service (`--concurrency` wins); 1 to 100. */
  concurrency?: number;
  /** Production: seed refuses it (protected.ts); nothing lifts it from the command line. */
  protected?: boolean;
  /**
   * The IANA time zone its users work in: where a migration puts a date's midnight and reads a
   * date-time's date when the field's `migrate.timeZone` says none (plan/migration-zone.ts).
   */
  timeZone?: string;
}

/** An app's record file (docs/records.md): where it is, and the unique field that keys its records. */
export interface RecordsSetting {
  /** Relative to appdeploy.yaml: .yaml, .yml, .json or .csv. */
  file: string;
  /** A field of the app with `unique: true`. */
  key: string;
}

/** Manifest code -> this environment's code, or null: left out in this environment. */
export type PrincipalMap = Record<string, string | null>;

/** appdeploy.yaml as written (after variables are expanded). */
export interface ProjectConfig {
  /** The language of environments that do not name their own; `en` when left out. */
  locale?: Locale;
  environments?: Record<string, EnvironmentConfig>;
  defaultEnvironment?: string;
  /** Left out while the project has no apps yet (export adds them). */
  apps?: Record<string, { manifest: string; ids?: Record<string, Numeric>; records?: RecordsSetting }>;
}
