/** Record comments and process management (spec "Comments", "Process management"). */
import type { Id, Revision, UserRef } from './common.js';

export interface Mention {
  code: string;
  type: 'USER' | 'GROUP' | 'ORGANIZATION';
}

export interface RecordComment {
  id: string;
  text: string;
  createdAt: string;
  creator: UserRef;
  mentions: Mention[];
}

export interface GetCommentsParams {
  order?: 'asc' | 'desc' | undefined;
  offset?: number | undefined;
  /** At most 10. */
  limit?: number | undefined;
}

export interface GetCommentsResult {
  comments: RecordComment[];
  older: boolean;
  newer: boolean;
}

export interface NewComment {
  text: string;
  mentions?: Mention[] | undefined;
}

export interface StatusUpdate {
  id: Id;
  action: string;
  /** Login name; required when the next status needs an assignee. */
  assignee?: string | undefined;
  revision?: Revision | undefined;
}

/** PUT record/status.json */
export type StatusParams = { app: Id } & StatusUpdate;

/** PUT record/assignees.json: an empty list removes every assignee. */
export interface AssigneesParams {
  app: Id;
  id: Id;
  assignees: readonly string[];
  revision?: Revision | undefined;
}
