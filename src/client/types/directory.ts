/**
 * The common User API's directory types. The official client (@kintone/rest-api-client) has no
 * User API, so these follow the documentation: cybozu.dev common/docs/user-api/overview/
 * data-structure (User, Group and Organization types) and the get-users / get-groups /
 * get-organizations / users/get-users-groups / users/get-users-organization pages (parameters and
 * answers).
 */

/** `ids` (the User API's ID type, sent as strings or numbers) or `codes`, never both; paged by `offset` and `size` (1 to 100). */
export type DirectoryQuery =
  | { ids?: readonly (string | number)[]; codes?: never; offset?: number; size?: number }
  | { codes?: readonly string[]; ids?: never; offset?: number; size?: number };

/** The User type (the keys a deployer reads; the platform answers more, such as phone numbers). */
export interface DirectoryUser {
  id: string;
  /** The login name. */
  code: string;
  name: string;
  valid: boolean;
  /** The id of the user's primary organization; null when none. */
  primaryOrganization: number | null;
  [key: string]: unknown;
}

/** The Group type. */
export interface DirectoryGroup {
  id: string;
  code: string;
  name: string;
  description: string | null;
  /** `static` or `dynamic` (Add Groups). */
  type?: string;
}

/** The Organization type. */
export interface DirectoryOrganization {
  id: string;
  code: string;
  name: string;
  localName: string | null;
  localNameLocale: string | null;
  parentCode: string | null;
  description: string | null;
}

/** The Title type (a user's title in an organization), as the get-users-organization example shows it. */
export interface DirectoryTitle {
  id: string;
  code: string;
  name: string;
  description: string | null;
}

/** The OrganizationTitle type: an organization the user belongs to, and their title there. */
export interface DirectoryOrganizationTitle {
  organization: DirectoryOrganization;
  /** Null when the user has no title there (as kintone.user.getOrganizations documents an unset one). */
  title: DirectoryTitle | null;
}
