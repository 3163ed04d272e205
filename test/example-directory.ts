/**
 * The groups and organizations the projects of examples/ name (ACLs, notifications, process
 * assignees, select fields' candidates). A target must have them for plan's directory preflight
 * to pass, as the hosted platform refuses settings naming one it lacks: the test services that
 * examples are applied to (through an environment with a baseUrl) start with them.
 */
import type { EmulatorUnit } from '../src/emulator/index.js';

const unit = (code: string): EmulatorUnit => ({ code, users: ['admin'] });

export const EXAMPLE_DIRECTORY: { groups: EmulatorUnit[]; organizations: EmulatorUnit[] } = {
  groups: ['it-admins', 'on-call', 'sales', 'support', 'support-leads'].map(unit),
  organizations: ['customer-success', 'finance', 'support-management'].map(unit),
};
