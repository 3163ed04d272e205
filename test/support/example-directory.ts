/**
 * The groups and organizations the projects of examples/ name (ACLs, notifications, process
 * assignees, select fields' candidates). A target must have them for plan's directory preflight
 * to pass, as the hosted platform refuses settings naming one it lacks: the test services that
 * examples are applied to (through an environment with a baseUrl) start with them.
 */
import type { EmulatorUnit, EmulatorUser } from '../../src/emulator/index.js';

const unit = (code: string): EmulatorUnit => ({ code, users: ['admin'] });

export const EXAMPLE_DIRECTORY: {
  users: EmulatorUser[];
  groups: EmulatorUnit[];
  organizations: EmulatorUnit[];
} = {
  // examples/promotion names alice and bob, as its manifests do before an environment maps them.
  users: [
    { login: 'admin', password: 'admin', admin: true, name: 'Administrator' },
    { login: 'alice', password: 'alice', admin: false },
    { login: 'bob', password: 'bob', admin: false },
  ],
  groups: ['it-admins', 'on-call', 'sales', 'support', 'support-leads'].map(unit),
  organizations: ['customer-success', 'finance', 'hq', 'support-management'].map(unit),
};
