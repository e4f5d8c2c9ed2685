import type { StatisticsSettings } from '@tabula/protocol';

export interface Environment {
  id: string;
  projectId: string;
  key: string;
  name: string;
  createdAt: Date;
}

export interface Project {
  id: string;
  organizationId: string;
  name: string;
  description: string;
  /** How its experiments' results are analysed. */
  statistics: StatisticsSettings;
  createdAt: Date;
  environments: Environment[];
}
