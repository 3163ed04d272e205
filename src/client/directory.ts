/**
 * The hosted platform's common User API, read side: `/v1/users.json`, `/v1/groups.json`,
 * `/v1/organizations.json`, and one user's memberships, `/v1/user/groups.json` and
 * `/v1/user/organizations.json` (cybozu.dev common/docs/user-api/users/get-users-groups and
 * get-users-organization: `?code=<login>`, no special access needed); not under `/k/`, no
 * guest-space form. Neither membership page says what a login naming no user gets: the local
 * service answers an empty list; the hosted platform may refuse it instead.
 * Password authentication only for this client: an app's API token is not among what the kintone
 * REST documentation lists for a token (cybozu.dev rest-api/overview/authentication), and the User
 * API's own token is a cybozu.com token this client does not send.
 */
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import type {
  DirectoryGroup,
  DirectoryOrganization,
  DirectoryOrganizationTitle,
  DirectoryQuery,
  DirectoryUser,
} from './types/directory.js';

/** The most one call answers, and the most `ids` or `codes` one call takes (get-users: 1 to 100). */
export const DIRECTORY_PAGE = 100;

type Kind = 'users' | 'groups' | 'organizations';
interface Answers {
  users: DirectoryUser;
  groups: DirectoryGroup;
  organizations: DirectoryOrganization;
}

export class DirectoryClient {
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** GET /v1/users.json: one page of users. */
  getUsers(params: DirectoryQuery = {}, options?: CallOptions): Promise<{ users: DirectoryUser[] }> {
    return this.#page('users', params, options);
  }

  /** GET /v1/groups.json: one page of groups. */
  getGroups(params: DirectoryQuery = {}, options?: CallOptions): Promise<{ groups: DirectoryGroup[] }> {
    return this.#page('groups', params, options);
  }

  /** GET /v1/organizations.json: one page of organizations. */
  getOrganizations(
    params: DirectoryQuery = {},
    options?: CallOptions,
  ): Promise<{ organizations: DirectoryOrganization[] }> {
    return this.#page('organizations', params, options);
  }

  /** GET /v1/user/groups.json: the groups (roles) the user `login` belongs to, `everyone` among them. */
  getUserGroups(login: string, options?: CallOptions): Promise<{ groups: DirectoryGroup[] }> {
    return this.#ofUser('groups', login, options);
  }

  /** GET /v1/user/organizations.json: the organizations the user `login` belongs to, with their title in each. */
  getUserOrganizations(
    login: string,
    options?: CallOptions,
  ): Promise<{ organizationTitles: DirectoryOrganizationTitle[] }> {
    return this.#ofUser('organizations', login, options);
  }

  /** Every user (or those with these login names), reading page after page. */
  allUsers(codes?: readonly string[], options?: CallOptions): Promise<DirectoryUser[]> {
    return this.#all('users', codes, options);
  }

  /** Every group (or those with these codes), reading page after page. */
  allGroups(codes?: readonly string[], options?: CallOptions): Promise<DirectoryGroup[]> {
    return this.#all('groups', codes, options);
  }

  /** Every organization (or those with these codes), reading page after page. */
  allOrganizations(codes?: readonly string[], options?: CallOptions): Promise<DirectoryOrganization[]> {
    return this.#all('organizations', codes, options);
  }

  #page<K extends Kind>(
    kind: K,
    params: DirectoryQuery,
    options: CallOptions | undefined,
  ): Promise<{ [P in K]: Answers[K][] }> {
    // The documentation's form: `codes[0]=a&codes[1]=b`.
    return this.#ctx.transport.json({
      method: 'GET',
      path: `/v1/${kind}.json`,
      query: params,
      arrayStyle: 'indexed',
      options,
    });
  }

  /** One user's memberships: the whole answer comes in one call (the pages document no paging). */
  #ofUser<T>(kind: 'groups' | 'organizations', login: string, options: CallOptions | undefined): Promise<T> {
    return this.#ctx.transport.json({
      method: 'GET',
      path: `/v1/user/${kind}.json`,
      query: { code: login },
      options,
    });
  }

  /** Codes go 100 to a call (the documented cap); each call's pages are read until one is short. */
  async #all<K extends Kind>(
    kind: K,
    codes: readonly string[] | undefined,
    options: CallOptions | undefined,
  ): Promise<Answers[K][]> {
    const batches: (readonly string[] | undefined)[] = [];
    if (codes === undefined) batches.push(undefined);
    else
      for (let i = 0; i < codes.length; i += DIRECTORY_PAGE) batches.push(codes.slice(i, i + DIRECTORY_PAGE));
    const found: Answers[K][] = [];
    for (const batch of batches)
      for (let offset = 0; ; offset += DIRECTORY_PAGE) {
        const params = { ...(batch ? { codes: batch } : {}), offset, size: DIRECTORY_PAGE };
        const page = (await this.#page(kind, params, options))[kind];
        found.push(...page);
        if (page.length < DIRECTORY_PAGE) break;
      }
    return found;
  }
}
