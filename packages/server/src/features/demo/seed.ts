import { type ChangeRecord, createMetricBodySchema, isSecurePageUrl } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { createKey } from '../api-keys/service';
import type { Acting } from '../audit/service';
import { createExperiment, saveVisualChanges, startExperiment } from '../experiments/service';
import { createFlag, setFlagEnvironment } from '../flags/service';
import { createMetric } from '../metrics/service';
import { createProject } from '../projects/service';
import { DEMO_PATHS } from './variants';

/** Where the seeded SDK key points: a fresh instance has pages in development, not production. */
const DEMO_ENVIRONMENT = 'development';
export const DEMO_KEY_NAME = 'Demo page';

/**
 * Both demo experiments take every visitor, in no layer, and are judged by whether visitors buy (the demo page's
 * Buy button tracks `purchase` with its price) and by how much they spend.
 */
const EVERYONE = {
  unitAttribute: 'id',
  traffic: 10_000,
  conditions: [],
  segments: [],
  layer: null,
  layerSlots: 10_000,
  page: null,
  metrics: { primary: ['purchase'], secondary: ['revenue'], guardrails: [] },
  autoStop: false,
  plannedDays: 14,
  decisionRule: { ship: 'any_primary_wins', guardrails: 'none_regress' } as const,
  bandit: null,
};

/** The visual experiment's versions, and their changes as the visual editor saves them: the treatment's headline. */
const HEADLINE_VERSIONS = [
  { key: 'control', name: 'Original', weight: 5000, isControl: true, params: {} },
  { key: 'benefit', name: 'Benefit headline', weight: 5000, isControl: false, params: {} },
];
const HEADLINE_CHANGES: Record<string, ChangeRecord[]> = {
  benefit: [
    { selector: '#headline', type: '', key: 'textContent', value: 'Free delivery on everything for your garden' },
    { selector: '#headline', type: 'style', key: 'color', value: '#389e0d' },
  ],
};

export interface DemoProject {
  projectId: string;
  clientKey: string;
}

/**
 * The server's origin when an experiment page may use it (spec §5: https, or http on a loopback host); else its https
 * twin, since the spec refuses any other http page.
 */
const demoOrigin = (publicUrl: string): string => {
  const url = new URL(publicUrl);
  return isSecurePageUrl(url.origin) ? url.origin : `https://${url.host}`;
};

/**
 * A sample project for a fresh instance, so the console has something to explore and the /demo page something to
 * show: a rolled-out flag, a flag driven by a running A/B experiment, a running visual experiment on the demo shop,
 * and the purchase and revenue metrics both experiments are judged by. `publicUrl` is where the server is reached.
 * Made through the same services as the console's requests, so it is audited and valid like any other data.
 */
export async function seedDemoProject(tx: Database, acting: Acting, publicUrl: string): Promise<DemoProject> {
  const project = await createProject(tx, acting, {
    name: 'Demo shop',
    description: 'A sample project: open /demo?key=<its client key> to see its flags and experiment on a page.',
  });
  const projectId = project.id;
  const { key: clientKey } = await createKey(tx, acting, projectId, {
    name: DEMO_KEY_NAME,
    kind: 'client',
    environment: DEMO_ENVIRONMENT,
  });

  await createFlag(tx, acting, projectId, {
    key: 'new-checkout',
    name: 'New checkout',
    description: 'The redesigned checkout, rolled out to half of the visitors.',
    type: 'boolean',
    tags: ['checkout'],
    metadata: { owner: 'checkout-team', ticket: 'SHOP-142' },
  });
  await setFlagEnvironment(tx, acting, projectId, 'new-checkout', DEMO_ENVIRONMENT, {
    enabled: true,
    rules: [
      {
        conditions: [],
        segments: [],
        serve: {
          kind: 'rollout',
          weights: [
            { variant: 'on', weight: 5000 },
            { variant: 'off', weight: 5000 },
          ],
        },
      },
    ],
  });

  // Through the API's schema, so the library's defaults (72-hour window, CUPED over 14 days) fill in the rest.
  const purchases = { tags: ['checkout'], source: { kind: 'event', event: 'purchase' } };
  await createMetric(
    tx,
    acting,
    projectId,
    createMetricBodySchema.parse({
      key: 'purchase',
      name: 'Purchase',
      description: 'Visitors who bought at least once within 72 hours of first seeing the experiment.',
      type: 'conversion',
      ...purchases,
    }),
  );
  await createMetric(
    tx,
    acting,
    projectId,
    createMetricBodySchema.parse({
      key: 'revenue',
      name: 'Revenue per visitor',
      description: 'What each visitor spent, with the top 1% of spenders capped so one big order cannot decide.',
      type: 'sum',
      capping: { kind: 'percentile', value: 0.99 },
      ...purchases,
    }),
  );

  await createExperiment(tx, acting, projectId, {
    key: 'checkout-button',
    kind: 'ab',
    name: 'Checkout button colour',
    hypothesis: 'A green checkout button gets more visitors to buy than the blue one.',
    ...EVERYONE,
    versions: [
      { key: 'control', name: 'Blue', weight: 5000, isControl: true, params: { 'button-colour': '#1677ff' } },
      { key: 'green', name: 'Green', weight: 5000, isControl: false, params: { 'button-colour': '#389e0d' } },
    ],
  });
  await startExperiment(tx, acting, projectId, 'checkout-button');
  await createFlag(tx, acting, projectId, {
    key: 'button-colour',
    name: 'Checkout button colour',
    description: 'Served by the checkout-button experiment while it runs; blue otherwise.',
    type: 'string',
    variants: [
      { key: 'blue', value: '#1677ff' },
      { key: 'green', value: '#389e0d' },
    ],
    defaultVariant: 'blue',
    offVariant: 'blue',
    tags: ['checkout'],
    metadata: {},
  });
  await setFlagEnvironment(tx, acting, projectId, 'button-colour', DEMO_ENVIRONMENT, {
    enabled: true,
    rules: [{ conditions: [], segments: [], serve: { kind: 'experiment', experiment: 'checkout-button' } }],
  });

  // Both shops, under this server's own address, so a fresh instance on http://localhost opens its editor and preview
  // links there; the page opened carries the key the shop needs.
  const origin = demoOrigin(publicUrl);
  await createExperiment(tx, acting, projectId, {
    key: 'hero-headline',
    kind: 'visual',
    name: 'Hero headline',
    hypothesis: 'A headline that names the benefit keeps more visitors on the landing page.',
    ...EVERYONE,
    page: {
      url: `${origin}${DEMO_PATHS.plain}*`,
      match: 'fuzzy',
      openUrl: `${origin}${DEMO_PATHS.plain}?key=${encodeURIComponent(clientKey)}`,
    },
    versions: HEADLINE_VERSIONS,
  });
  await saveVisualChanges(
    tx,
    acting,
    projectId,
    'hero-headline',
    HEADLINE_VERSIONS.map(({ key, name }) => ({ key, name, changeRecords: HEADLINE_CHANGES[key] ?? [] })),
  );
  await startExperiment(tx, acting, projectId, 'hero-headline');
  return { projectId, clientKey };
}
