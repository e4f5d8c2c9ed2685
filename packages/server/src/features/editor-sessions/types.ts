/** What an editor token opens: one experiment of one project, acted on as the member who made the token. */
export interface EditorGrant {
  tokenId: string;
  organizationId: string;
  projectId: string;
  experimentKey: string;
  userId: string;
  userName: string;
  expiresAt: Date;
}
