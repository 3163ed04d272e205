/** Copy-record actions: a map from action name to definition (platform-facts "Settings shapes"). */
import type { AppRef, Entity } from './common.js';

export interface ActionMapping {
  srcType: 'FIELD' | 'RECORD_URL';
  srcField?: string;
  destField: string;
}

export interface CopyAction {
  name: string;
  /** Assigned by the service. */
  id?: string;
  index: string;
  destApp: AppRef;
  mappings: ActionMapping[];
  entities: Entity[];
  filterCond: string;
}

export type CopyActions = Record<string, CopyAction>;

export interface CopyActionsResult {
  actions: CopyActions;
  revision: string;
}

export interface UpdateCopyActionsResult {
  actions: Record<string, { id: string }>;
  revision: string;
}
