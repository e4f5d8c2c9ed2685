import type { CreateExperimentTemplateBody, UpdateExperimentTemplateBody } from '@tabula/protocol';

/** Request bodies shown in the API documentation. */
export const createTemplateExample: Partial<CreateExperimentTemplateBody> = {
  key: 'checkout-test',
  name: 'Checkout test',
  description: 'Half of the shop visitors, judged on purchases with bounce as a guardrail, for two weeks',
  fromExperiment: 'hero-banner',
};

export const updateTemplateExample: Partial<UpdateExperimentTemplateBody> = {
  description: 'Half of the shop visitors, for three weeks',
};
