import type { Role } from '@tabula/protocol';

/** What an editor token opens: one experiment of one project, acted on as the member who made the token. */
export interface EditorGrant {
  tokenId: string;
  organizationId: string;
  projectId: string;
  experimentKey: string;
  userId: string;
  userName: string;
  /** The member's role in the project now: editors and above hold a grant, admins may write custom scripts. */
  role: Role;
  expiresAt: Date;
}
