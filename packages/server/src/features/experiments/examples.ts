import type { CreateExperimentBody, StopExperimentBody, UpdateExperimentBody } from '@tabula/protocol';

/** Request bodies shown in the API documentation. */
export const createExample: Partial<CreateExperimentBody> = {
  key: 'hero-banner',
  name: 'Hero banner',
  hypothesis: 'A larger banner brings more visitors to the catalogue',
  layer: 'homepage',
  layerSlots: 5000,
  versions: [
    { key: 'control', name: 'Control', weight: 5000, isControl: true, params: { size: 'm' } },
    { key: 'large', name: 'Large banner', weight: 5000, isControl: false, params: { size: 'xl' } },
  ],
  metrics: { primary: ['catalogue-visit'], secondary: [], guardrails: ['bounce'] },
  plannedDays: 14,
  decisionRule: { ship: 'any_primary_wins', guardrails: 'none_regress' },
};

export const updateExample: Partial<UpdateExperimentBody> = {
  versions: [
    { key: 'control', name: 'Control', weight: 3000, isControl: true, params: { size: 'm' } },
    { key: 'large', name: 'Large banner', weight: 7000, isControl: false, params: { size: 'xl' } },
  ],
  reRandomise: true,
};

export const stopExample: Partial<StopExperimentBody> = {
  outcome: 'ship',
  version: 'large',
  note: 'Catalogue visits +4.2%, no change in bounce rate',
  rollOut: true,
};
