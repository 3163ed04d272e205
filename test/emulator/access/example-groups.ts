/**
 * The groups and organizations the directory tests define through `PUT /_emulator/directory`:
 * bob reviews, alice is in sales, both are in hr (which has no display name of its own).
 */
export const DIRECTORY = {
  groups: [{ code: 'reviewers', name: 'Reviewers', users: ['bob'] }],
  organizations: [
    { code: 'sales', name: 'Sales', users: ['alice'] },
    { code: 'hr', users: ['alice', 'bob'] },
  ],
};
