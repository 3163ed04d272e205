/**
 * The groups and organizations the helpdesk example names (ACLs, notifications, process
 * assignees, select fields' candidates). plan and apply look each one up in the target before
 * any write (the directory preflight), as the hosted platform refuses settings naming one it
 * lacks: the benchmarks' services start with them, each with the admin as its member.
 * (test/support/example-directory.ts holds the same for the tests, which cannot import this file.)
 */
const GROUPS = ['it-admins', 'on-call', 'sales', 'support', 'support-leads'];
const ORGANIZATIONS = ['customer-success', 'finance', 'support-management'];

const unit = (code) => ({ code, users: ['admin'] });

/** For startEmulator(): `{ groups, organizations }`. */
export const EXAMPLE_DIRECTORY = { groups: GROUPS.map(unit), organizations: ORGANIZATIONS.map(unit) };

/** For `appdeploy emulator`: `--group code:admin` and `--organization code:admin` each. */
export const EXAMPLE_DIRECTORY_FLAGS = [
  ...GROUPS.flatMap((code) => ['--group', `${code}:admin`]),
  ...ORGANIZATIONS.flatMap((code) => ['--organization', `${code}:admin`]),
];
