/** Process management settings (platform-facts "Settings shapes"). */
import type { Entity } from './common.js';

export interface AssigneeEntity {
  entity: Entity;
  includeSubs?: boolean;
}

export interface ProcessState {
  name: string;
  index: string;
  assignee: {
    type: 'ONE' | 'ALL' | 'ANY';
    entities: AssigneeEntity[];
  };
}

/**
 * An action. As in the official client's types (ActionForResponse / ActionForParameter), only a
 * SECONDARY action has `executableUser`; `type` left out in a write means PRIMARY.
 */
export type ProcessAction = {
  name: string;
  from: string;
  to: string;
  filterCond: string;
} & ({ type?: 'PRIMARY' } | { type: 'SECONDARY'; executableUser: { entities: AssigneeEntity[] } });

export interface ProcessSettings {
  enable: boolean;
  states: Record<string, ProcessState> | null;
  actions: ProcessAction[] | null;
}

export interface ProcessSettingsResult extends ProcessSettings {
  revision: string;
}

export type ProcessSettingsUpdate = Partial<ProcessSettings>;
