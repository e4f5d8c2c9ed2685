import type { ExperimentTemplateSettings, TemplateMissing, UserSummary } from '@tabula/protocol';

export interface ExperimentTemplate {
  id: string;
  projectId: string;
  key: string;
  name: string;
  description: string;
  settings: ExperimentTemplateSettings;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A template as it is read: who made it, and what it names that the project no longer has. */
export interface ExperimentTemplateDetails extends ExperimentTemplate {
  creator: UserSummary | null;
  missing: TemplateMissing;
}

/** The keys a project has now, against which a template's references are checked. */
export interface ProjectReferences {
  layers: ReadonlySet<string>;
  segments: ReadonlySet<string>;
  metrics: ReadonlySet<string>;
}
