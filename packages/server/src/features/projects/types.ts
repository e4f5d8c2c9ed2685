import type { StatisticsSettings } from '@tabula/protocol';

export interface Environment {
  id: string;
  projectId: string;
  key: string;
  name: string;
  /** The AES key (base64) its SDK payload is encrypted with; null when served in clear. */
  payloadKey: string | null;
  protected: boolean;
  /** While protected: approvals from others a change reaching it needs; 0 applies it at once. */
  requiredApprovals: number;
  createdAt: Date;
}

export interface Project {
  id: string;
  organizationId: string;
  name: string;
  description: string;
  /** How its experiments' results are analysed. */
  statistics: StatisticsSettings;
  /** A flag unevaluated, or serving one value everywhere, this many days is potentially stale. */
  staleAfterDays: number;
  /** Whether visual experiments' versions may run custom JavaScript (admins write it; off by default). */
  customScripts: boolean;
  /** Attributes results may be broken down by (see protocol breakdowns). */
  breakdownAttributes: string[];
  createdAt: Date;
  environments: Environment[];
}
