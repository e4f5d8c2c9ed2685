import type { ApiKeyKind, ProjectRole } from '@tabula/protocol';

export interface ApiKey {
  id: string;
  projectId: string;
  environmentKey: string;
  /** The environment's payload key: a client key's SDK needs it while the payload is encrypted. */
  payloadKey: string | null;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  /** Client keys are public (the SDK sends them from browsers), so they are kept whole; secret keys are not. */
  clientKey: string | null;
  /** What a secret key may do in its project. */
  role: ProjectRole;
  protectedEnvironments: boolean;
  createdBy: { id: string; email: string; name: string } | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What a client key opens: one environment of one project, read-only. */
export interface ClientKeyGrant {
  keyId: string;
  projectId: string;
  environmentId: string;
  environmentKey: string;
  /** What pages decrypt the environment's payload with; null while it is served in clear. */
  payloadKey: string | null;
}
