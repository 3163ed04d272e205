/** Copy-record actions: a map from action name to definition (platform-facts "Settings shapes"). */
import type { AppRef, Entity, NamedMapResult, NamedMapUpdateResult } from './common.js';

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

export type CopyActionsResult = NamedMapResult<'actions', CopyAction>;
export type UpdateCopyActionsResult = NamedMapUpdateResult<'actions'>;
