import {
  type ApiKey,
  DEFAULT_STATISTICS_SETTINGS,
  type Environment,
  type Me,
  type Member,
  type Project,
  type Role,
  STALE_AFTER_DAYS_DEFAULT,
} from '@tabula/protocol';

// Ids follow the protocol's alphabet (no 0, 1, I, O, l) and length, or the response schemas reject them.
export const ids = {
  owner: 'usrQwner23456789',
  admin: 'usrAdmin23456789',
  editor: 'usrEditor2345678',
  viewer: 'usrViewer2345678',
  organization: 'orgAcme234567892',
  project: 'prjDemo234567892',
  development: 'envDev2345678923',
  production: 'envProd234567892',
  key: 'keyBrowser234567',
  secretKey: 'keySecret2345678',
};

const NOW = '2025-01-15T10:00:00.000Z';
const userIds: Record<Role, string> = { owner: ids.owner, admin: ids.admin, editor: ids.editor, viewer: ids.viewer };

export function meAs(role: Role = 'owner'): Me {
  return {
    user: { id: userIds[role], email: `${role}@example.com`, name: `Ada ${role}`, createdAt: NOW, mfaEnabled: false },
    organization: { id: ids.organization, name: 'Acme', requireMfa: false },
    role,
    csrfToken: `csrf-${role}`,
    mfaSetupRequired: false,
  };
}

export const environments: Environment[] = [
  {
    id: ids.development,
    key: 'development',
    name: 'Development',
    createdAt: NOW,
    payloadKey: null,
    protected: false,
    requiredApprovals: 0,
  },
  {
    id: ids.production,
    key: 'production',
    name: 'Production',
    createdAt: NOW,
    payloadKey: null,
    protected: true,
    requiredApprovals: 0,
  },
];

export const project: Project = {
  id: ids.project,
  name: 'Storefront',
  description: 'The shop',
  createdAt: NOW,
  environments,
  statistics: DEFAULT_STATISTICS_SETTINGS,
  access: { role: 'owner', protectedEnvironments: true },
  staleAfterDays: STALE_AFTER_DAYS_DEFAULT,
  customScripts: false,
  breakdownAttributes: [],
};

export function member(role: Role): Member {
  const { user } = meAs(role);
  return { user: { id: user.id, email: user.email, name: user.name }, role, joinedAt: NOW };
}

export const clientKey: ApiKey = {
  id: ids.key,
  kind: 'client',
  name: 'Web app',
  environment: 'development',
  key: 'tbc_publicclientkey',
  decryptionKey: null,
  prefix: 'tbc_',
  role: 'viewer',
  protectedEnvironments: false,
  createdAt: NOW,
  createdBy: null,
  lastUsedAt: null,
  revokedAt: null,
};
