import type { ApiKeyKind } from '@tabula/protocol';

export interface ApiKey {
  id: string;
  projectId: string;
  environmentKey: string;
  kind: ApiKeyKind;
  name: string;
  prefix: string;
  /** Client keys are public (the SDK sends them from browsers), so they are kept whole; secret keys are not. */
  clientKey: string | null;
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
}
