/** App, record and field access rules (spec "Access rules", platform-facts "Settings shapes"). */
import type { Entity } from './common.js';

export interface AppRight {
  entity: Entity;
  includeSubs?: boolean;
  appEditable: boolean;
  recordViewable: boolean;
  recordAddable: boolean;
  recordEditable: boolean;
  recordDeletable: boolean;
  recordImportable: boolean;
  recordExportable: boolean;
}

export interface RecordRightEntity {
  entity: Entity;
  viewable: boolean;
  editable: boolean;
  deletable: boolean;
  includeSubs?: boolean;
}

export interface RecordRight {
  filterCond: string;
  entities: RecordRightEntity[];
}

export interface FieldRightEntity {
  entity: Entity;
  accessibility: 'READ' | 'WRITE' | 'NONE';
  includeSubs?: boolean;
}

export interface FieldRight {
  field: string;
  entities: FieldRightEntity[];
}

/** Every ACL read answers its rules, in evaluation order, and the revision. */
export interface AclResult<Right> {
  rights: Right[];
  revision: string;
}
