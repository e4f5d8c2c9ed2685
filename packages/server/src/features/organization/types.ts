import type { Role } from '@tabula/protocol';

export interface User {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  /** Signs in with a second factor. */
  mfaEnabled: boolean;
}

export interface Organization {
  id: string;
  name: string;
  requireMfa: boolean;
}

/** A user seen through their one organization. */
export interface Membership {
  user: User;
  organization: Organization;
  role: Role;
  joinedAt: Date;
}

export interface Credentials extends Membership {
  /** Null for users who only sign in through single sign-on. */
  passwordHash: string | null;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  oidcSubject?: string | null;
}

/** The signed-in member doing something; a session principal fits. */
export interface ActingMember {
  userId: string;
  name: string;
  organizationId: string;
  role: Role;
}

export interface UserSummary {
  id: string;
  email: string;
  name: string;
}

export interface Invitation {
  id: string;
  organizationId: string;
  role: Role;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  createdBy: UserSummary | null;
}

export interface InvitationPreview {
  organizationName: string;
  role: Role;
  email: string | null;
  expiresAt: Date;
}
