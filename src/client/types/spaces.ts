/** Spaces, threads, members and guests (spec "Space", "Space member", "Guest user"). */
import type { UserRef } from './common.js';
import type { Mention } from './comments.js';

export interface Space {
  id: string;
  name: string;
  isPrivate: boolean;
  creator: UserRef;
  modifier: UserRef;
  memberCount: string;
  coverType: 'PRESET' | 'FILE';
  coverKey: string;
  coverUrl: string;
  body: string;
  useMultiThread: boolean;
  isGuest: boolean;
  attachedApps: Record<string, unknown>[];
  threadIds?: string[];
  fixedMember: boolean;
  showAnnouncement: boolean;
  showThreadList: boolean;
  showAppList: boolean;
  showMemberList: boolean;
  showRelatedLinkList: boolean;
}

export interface SpaceMember {
  entity: { type: 'USER' | 'GROUP' | 'ORGANIZATION'; code: string };
  isAdmin?: boolean | undefined;
  /** For `ORGANIZATION`: members of child organizations too. */
  includeSubs?: boolean | undefined;
}

export interface NewSpace {
  name: string;
  members: SpaceMember[];
  isPrivate?: boolean | undefined;
  isGuest?: boolean | undefined;
  fixedMember?: boolean | undefined;
}

export interface ThreadComment {
  text?: string | undefined;
  mentions?: Mention[];
  files?: { fileKey: string | undefined; width?: number | undefined }[];
}

export interface GuestUser {
  name: string;
  /** The login name, an e-mail address. */
  code: string;
  password: string;
  timezone: string;
  locale?: string | undefined;
  /** A file key from Upload File. */
  image?: string | undefined;
  surNameReading?: string | undefined;
  givenNameReading?: string | undefined;
  company?: string | undefined;
  division?: string | undefined;
  phone?: string | undefined;
  callto?: string | undefined;
}
