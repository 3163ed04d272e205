/** Apps and deployment (spec "App", "Deployment status item"). */
import type { Id, Revision, UserRef } from './common.js';

export interface App {
  appId: string;
  code: string;
  name: string;
  description: string;
  spaceId: string | null;
  threadId: string | null;
  createdAt: string;
  creator: UserRef;
  modifiedAt: string;
  modifier: UserRef;
}

export interface GetAppsParams {
  ids?: readonly Id[] | undefined;
  codes?: readonly string[] | undefined;
  name?: string | undefined;
  spaceIds?: readonly Id[] | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

export type NewApp = { name: string } & ({ space?: never; thread?: never } | { space: Id; thread: Id });

export interface NewAppResult {
  app: string;
  revision: string;
}

export interface DeployTarget {
  app: Id;
  /** The draft revision the deploy must find; -1 skips the check. */
  revision?: Revision | undefined;
}

export type DeployStatus = 'PROCESSING' | 'SUCCESS' | 'FAIL' | 'CANCEL';

export interface DeployStatusItem {
  app: string;
  status: DeployStatus;
}
