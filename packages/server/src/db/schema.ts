import {
  type AlertKind,
  API_KEY_KINDS,
  type BanditSettings,
  CHANGE_REQUEST_STATUSES,
  type ChangeRequestChange,
  type Condition,
  DEFAULT_STATISTICS_SETTINGS,
  type DecisionRule,
  EXPERIMENT_KINDS,
  EXPERIMENT_STATUSES,
  type ExperimentDecision,
  type ExperimentMetrics,
  type ExperimentTemplateSettings,
  FLAG_TYPES,
  type FlagMetadata,
  type FlagRule,
  HOLDOUT_KIND,
  type JsonValue,
  METRIC_DIRECTIONS,
  METRIC_TYPES,
  type MetricCapping,
  type MetricRatio,
  type MetricSource,
  PAGE_MATCHES,
  type Prerequisite,
  type ProjectRole,
  ROLES,
  STALE_AFTER_DAYS_DEFAULT,
  type StatisticsSettings,
  type Variant,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_FORMATS,
  type WebhookDeliveryErrorCode,
  type WebhookDeliveryErrorParams,
} from '@tabula/protocol';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const projectId = () =>
  text('project_id')
    .notNull()
    .references(() => project.id, { onDelete: 'cascade' });

/** What belongs to one experiment (its versions, snapshots, alerts, periods) goes with it. */
const experimentId = () =>
  text('experiment_id')
    .notNull()
    .references(() => experiment.id, { onDelete: 'cascade' });

export const roleEnum = pgEnum('role', ROLES);
export const apiKeyKindEnum = pgEnum('api_key_kind', API_KEY_KINDS);
export const flagTypeEnum = pgEnum('flag_type', FLAG_TYPES);
// A holdout is kept as an experiment of its own kind (see the holdout table).
export const experimentKindEnum = pgEnum('experiment_kind', [...EXPERIMENT_KINDS, HOLDOUT_KIND]);
export const experimentStatusEnum = pgEnum('experiment_status', EXPERIMENT_STATUSES);
export const pageMatchEnum = pgEnum('page_match', PAGE_MATCHES);
export const eventTypeEnum = pgEnum('event_type', ['exposure', 'track']);
export const metricTypeEnum = pgEnum('metric_type', METRIC_TYPES);
export const metricDirectionEnum = pgEnum('metric_direction', METRIC_DIRECTIONS);

export const organization = pgTable('organization', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Members must sign in with a second factor; those without one are sent to set it up. */
  requireMfa: boolean('require_mfa').notNull().default(false),
  createdAt: createdAt(),
});

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  oidcSubject: text('oidc_subject').unique(),
  /** The TOTP secret, encrypted with a key derived from the server's secret; set while enrolling. */
  totpSecret: text('totp_secret'),
  /** When the second factor was confirmed with a first code; null while none is in use. */
  totpEnabledAt: at('totp_enabled_at'),
  /** The time step of the last code accepted: a code is good once, not for the rest of its 30 seconds. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time codes that stand in for the second factor, each kept as a hash and used once. */
export const recoveryCode = pgTable(
  'recovery_code',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('recovery_code_user_id_idx').on(table.userId)],
);

/** A link an admin hands a member to set a new password; like an invitation, no mail server is needed. */
export const passwordReset = pgTable(
  'password_reset',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('password_reset_user_id_idx').on(table.userId)],
);

export const membership = pgTable(
  'membership',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    /** What a member made while holding an earlier role (a visual editor link) is void after this. */
    roleChangedAt: at('role_changed_at'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.userId] }),
    // A user belongs to exactly one organization.
    uniqueIndex('membership_user_id_unique').on(table.userId),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    /** What the session list shows to tell sessions apart: the browser and address that signed in. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** How it was signed in: `password`, `mfa` (password and second factor) or `sso` (the provider's own checks). */
    via: text('via').notNull().default('password'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const invitation = pgTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    role: roleEnum('role').notNull(),
    email: text('email'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('invitation_organization_id_idx').on(table.organizationId)],
);

export const project = pgTable(
  'project',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** How its experiments' results are analysed. */
    statistics: jsonb('statistics').$type<StatisticsSettings>().notNull().default(DEFAULT_STATISTICS_SETTINGS),
    /** A flag unevaluated, or serving one value everywhere, this many days is potentially stale. */
    staleAfterDays: integer('stale_after_days').notNull().default(STALE_AFTER_DAYS_DEFAULT),
    /** Whether visual experiments' versions may run custom JavaScript: off until an admin turns it on. */
    customScripts: boolean('custom_scripts').notNull().default(false),
    /** Attributes (at most 5) results may be broken down by, when exposures carry them (`dimensions.attributes`). */
    breakdownAttributes: jsonb('breakdown_attributes').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [
    index('project_organization_id_idx').on(table.organizationId),
    check('project_stale_after_days_range', sql`${table.staleAfterDays} between 1 and 365`),
  ],
);

export const environment = pgTable(
  'environment',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /**
     * AES key (base64) the environment's SDK payload is encrypted with; null serves it in clear. Kept as is: pages
     * carry it beside the client key, so it is no secret from anyone who can read them.
     */
    payloadKey: text('payload_key'),
    /** Changing what it serves needs the project's protected-environment grant (admins hold it always). */
    protected: boolean('protected').notNull().default(false),
    /** While protected: approvals a change reaching it needs from others (0 applies it at once). */
    requiredApprovals: integer('required_approvals').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('environment_project_id_key_unique').on(table.projectId, table.key)],
);

/**
 * A member's access to one project where it differs from their organization role: a role narrowed or raised
 * (never to owner), and the grant to change protected environments.
 */
export const projectMember = pgTable(
  'project_member',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Null keeps the organization role. */
    role: roleEnum('role').$type<ProjectRole>(),
    protectedEnvironments: boolean('protected_environments').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.userId] }),
    check('project_member_role_not_owner', sql`${table.role} is null or ${table.role} <> 'owner'`),
  ],
);

export const apiKey = pgTable(
  'api_key',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environment.id, { onDelete: 'cascade' }),
    kind: apiKeyKindEnum('kind').notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    clientKey: text('client_key').unique(),
    secretHash: text('secret_hash').unique(),
    /** What a secret key may do in its project; client keys only read their environment's payload. */
    role: roleEnum('role').$type<ProjectRole>().notNull().default('editor'),
    protectedEnvironments: boolean('protected_environments').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('api_key_project_id_idx').on(table.projectId)],
);

/** Audit rows outlive what they describe, so project_id and actor_id are plain values, not foreign keys. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    projectId: text('project_id'),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (table) => [
    index('audit_log_organization_id_id_idx').on(table.organizationId, table.id.desc()),
    // A flag's or an experiment's history reads one entity's entries.
    index('audit_log_entity_id_idx').on(table.entityId, table.id.desc()),
  ],
);

/** A saved audience: conditions (ANDed) that flag rules and experiments refer to by key. */
export const segment = pgTable(
  'segment',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    conditions: jsonb('conditions').$type<Condition[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('segment_project_id_key_unique').on(table.projectId, table.key)],
);

/** What a flag is everywhere; whether it is on, and for whom, is per environment (flag_environment). */
export const flag = pgTable(
  'flag',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: flagTypeEnum('type').notNull(),
    variants: jsonb('variants').$type<Variant[]>().notNull(),
    /** Null: no variant, the code's own default value is served. */
    defaultVariant: text('default_variant'),
    offVariant: text('off_variant'),
    tags: text('tags').array().notNull().default([]),
    metadata: jsonb('metadata').$type<FlagMetadata>().notNull().default({}),
    archivedAt: at('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('flag_project_id_key_unique').on(table.projectId, table.key)],
);

/** A flag without a row here is off in that environment. */
export const flagEnvironment = pgTable(
  'flag_environment',
  {
    flagId: text('flag_id')
      .notNull()
      .references(() => flag.id, { onDelete: 'cascade' }),
    environmentId: text('environment_id')
      .notNull()
      .references(() => environment.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    rules: jsonb('rules').$type<FlagRule[]>().notNull().default([]),
    /** Flags (by key) that must serve one of the given variants here before the rules apply. */
    prerequisites: jsonb('prerequisites').$type<Prerequisite[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.flagId, table.environmentId] }),
    index('flag_environment_environment_id_idx').on(table.environmentId),
  ],
);

/** Experiments in one layer own disjoint slot ranges, so a unit is in at most one of them. */
export const layer = pgTable(
  'layer',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('layer_project_id_key_unique').on(table.projectId, table.key)],
);

export const experiment = pgTable(
  'experiment',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    hypothesis: text('hypothesis').notNull().default(''),
    kind: experimentKindEnum('kind').notNull(),
    status: experimentStatusEnum('status').notNull().default('draft'),
    unitAttribute: text('unit_attribute').notNull().default('id'),
    /** Basis points of eligible units that enter: 10000 is everyone. */
    traffic: integer('traffic').notNull().default(10_000),
    /** Bumped on re-randomisation: it changes the assignment salt. */
    phase: integer('phase').notNull().default(0),
    conditions: jsonb('conditions').$type<Condition[]>().notNull().default([]),
    segments: text('segments').array().notNull().default([]),
    /** A layer in use cannot be deleted out from under its running experiments. */
    layerId: text('layer_id').references(() => layer.id, { onDelete: 'restrict' }),
    /** How many of its layer's slots it needs; the range itself is reserved on start and freed on stop. */
    layerSlots: integer('layer_slots').notNull().default(10_000),
    slotStart: integer('slot_start'),
    slotEnd: integer('slot_end'),
    /** The page pattern the experiment runs on, and the one address its editor and preview links open. */
    pageUrl: text('page_url'),
    pageOpenUrl: text('page_open_url'),
    pageMatch: pageMatchEnum('page_match').notNull().default('exact'),
    integrationConfigured: boolean('integration_configured').notNull().default(false),
    /** Metric keys of the project's library, by role. */
    metrics: jsonb('metrics')
      .$type<ExperimentMetrics>()
      .notNull()
      .default({ primary: [], secondary: [], guardrails: [] }),
    /** What was decided when it stopped. */
    decision: jsonb('decision').$type<ExperimentDecision>(),
    /** A guardrail regression or sample ratio mismatch found by a refresh stops it and rolls back to control. */
    autoStop: boolean('auto_stop').notNull().default(false),
    /** How many days it is planned to run; null when not planned. */
    plannedDays: integer('planned_days'),
    /** What the results must show to ship or roll back; null when none was agreed. */
    decisionRule: jsonb('decision_rule').$type<DecisionRule>(),
    /** Thompson sampling settings; null for fixed weights. */
    bandit: jsonb('bandit').$type<BanditSettings>(),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    startedAt: at('started_at'),
    /** When the current phase began: the first start, or the last re-randomisation. Its analysis starts here. */
    phaseStartedAt: at('phase_started_at'),
    stoppedAt: at('stopped_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('experiment_project_id_key_unique').on(table.projectId, table.key),
    index('experiment_project_id_status_idx').on(table.projectId, table.status),
    check('experiment_traffic_range', sql`${table.traffic} between 0 and 10000`),
    check('experiment_phase_range', sql`${table.phase} >= 0`),
    check('experiment_layer_slots_range', sql`${table.layerSlots} between 1 and 10000`),
    check('experiment_planned_days_range', sql`${table.plannedDays} between 1 and 365`),
    // A slot range [start, end) is held only inside a layer; outside one, or before start, there is none.
    check(
      'experiment_layer_slots',
      sql`(${table.slotStart} is null and ${table.slotEnd} is null) or (${table.layerId} is not null and 0 <= ${table.slotStart} and ${table.slotStart} < ${table.slotEnd} and ${table.slotEnd} <= 10000)`,
    ),
  ],
);

/** An experiment's settings kept under a name, to start new experiments from. */
export const experimentTemplate = pgTable(
  'experiment_template',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Layers, segments and metrics by key: they may be gone by the time the template is used. */
    settings: jsonb('settings').$type<ExperimentTemplateSettings>().notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('experiment_template_project_id_key_unique').on(table.projectId, table.key)],
);

export const experimentVersion = pgTable(
  'experiment_version',
  {
    id: text('id').primaryKey(),
    experimentId: experimentId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** Basis points; an experiment's versions add up to 10000. */
    weight: integer('weight').notNull(),
    isControl: boolean('is_control').notNull().default(false),
    params: jsonb('params').$type<Record<string, JsonValue>>().notNull().default({}),
    /** The visual editor's change records (spec §3), turned into element rules when delivered. */
    changeRecords: jsonb('change_records').$type<unknown[]>().notNull().default([]),
    position: integer('position').notNull(),
  },
  (table) => [
    uniqueIndex('experiment_version_experiment_id_key_unique').on(table.experimentId, table.key),
    index('experiment_version_experiment_id_position_idx').on(table.experimentId, table.position),
    check('experiment_version_weight_range', sql`${table.weight} between 0 and 10000`),
  ],
);

/**
 * What a holdout adds to its experiment row (kind `holdout`, versions `holdout` and `general`): the salt its units
 * are hashed with, and what it covers. At most one holdout of a project is active: the partial unique index refuses
 * a second.
 */
export const holdout = pgTable(
  'holdout',
  {
    experimentId: text('experiment_id')
      .primaryKey()
      .references(() => experiment.id, { onDelete: 'cascade' }),
    projectId: projectId(),
    /** Random, set at creation and never changed. */
    salt: text('salt').notNull(),
    /** Every experiment of the project keeps the held-out units out. */
    experiments: boolean('experiments').notNull().default(true),
    /** Keys of the flags whose rules skip the held-out units. */
    flags: text('flags').array().notNull().default([]),
    active: boolean('active').notNull().default(true),
  },
  (table) => [uniqueIndex('holdout_one_active').on(table.projectId).where(sql`${table.active}`)],
);

/**
 * A short-lived token that lets the visual editor, running on the customer's page without a cookie, edit one
 * experiment as the member who opened it. Only its hash is kept.
 */
export const editorToken = pgTable(
  'editor_token',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    projectId: projectId(),
    experimentId: experimentId(),
    createdBy: text('created_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('editor_token_experiment_id_idx').on(table.experimentId)],
);

/** A metric of the project's library; experiments refer to it by key (experiment.metrics). */
export const metric = pgTable(
  'metric',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    type: metricTypeEnum('type').notNull(),
    source: jsonb('source').$type<MetricSource>().notNull(),
    /** Ratio metrics only. */
    ratio: jsonb('ratio').$type<MetricRatio>(),
    /** Null: events count until the experiment ends. */
    windowHours: integer('window_hours'),
    direction: metricDirectionEnum('direction').notNull().default('higher'),
    capping: jsonb('capping').$type<MetricCapping>().notNull().default({ kind: 'none' }),
    cupedEnabled: boolean('cuped_enabled').notNull().default(true),
    cupedLookbackDays: integer('cuped_lookback_days').notNull().default(14),
    archivedAt: at('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('metric_project_id_key_unique').on(table.projectId, table.key),
    check('metric_ratio_only_for_ratio', sql`(${table.type} = 'ratio') = (${table.ratio} is not null)`),
    check('metric_window_hours_range', sql`${table.windowHours} is null or ${table.windowHours} >= 1`),
    check('metric_cuped_lookback_days_range', sql`${table.cupedLookbackDays} >= 1`),
  ],
);

/**
 * When an SDK last reported evaluating a flag, per environment. Keyed by flag key as the SDK reports it, so a
 * report for a flag deleted meanwhile is harmless; written by the events endpoint, never by the console.
 */
export const flagUsage = pgTable(
  'flag_usage',
  {
    environmentId: text('environment_id')
      .notNull()
      .references(() => environment.id, { onDelete: 'cascade' }),
    flagKey: text('flag_key').notNull(),
    projectId: text('project_id').notNull(),
    lastEvaluatedAt: timestamp('last_evaluated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.environmentId, table.flagKey] }),
    index('flag_usage_project_id_idx').on(table.projectId),
  ],
);

/**
 * Evaluations SDKs reported, per environment, flag, variant served ('' when none or not told) and hour; kept 30
 * days. Only flags the project has: keys it does not have go to unknown_flag.
 */
export const flagUsageHourly = pgTable(
  'flag_usage_hourly',
  {
    environmentId: text('environment_id')
      .notNull()
      .references(() => environment.id, { onDelete: 'cascade' }),
    flagKey: text('flag_key').notNull(),
    variant: text('variant').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    projectId: text('project_id').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.environmentId, table.flagKey, table.variant, table.hour] }),
    index('flag_usage_hourly_hour_idx').on(table.hour),
  ],
);

/** Keys SDKs evaluated that the project has no flag for (typos, deleted flags), per environment. */
export const unknownFlag = pgTable(
  'unknown_flag',
  {
    environmentId: text('environment_id')
      .notNull()
      .references(() => environment.id, { onDelete: 'cascade' }),
    flagKey: text('flag_key').notNull(),
    projectId: text('project_id').notNull(),
    evaluations: bigint('evaluations', { mode: 'number' }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.environmentId, table.flagKey] }),
    index('unknown_flag_project_id_idx').on(table.projectId),
  ],
);

/**
 * SDK clients that reported usage. `instance_id` is '' for browsers: they count together per SDK name and version,
 * not one row per page view.
 */
export const sdkInstance = pgTable(
  'sdk_instance',
  {
    environmentId: text('environment_id')
      .notNull()
      .references(() => environment.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id').notNull(),
    sdkName: text('sdk_name').notNull(),
    sdkVersion: text('sdk_version').notNull(),
    projectId: text('project_id').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.environmentId, table.instanceId, table.sdkName, table.sdkVersion] }),
    index('sdk_instance_project_id_idx').on(table.projectId),
  ],
);

/**
 * Text compared byte by byte (collation "C"): ids, whose order means nothing, so that comparing them in an index costs
 * a memory comparison rather than a locale's collation.
 */
const bytewiseText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * Exposure and track events, append-only. project_id and environment_id are plain values, not foreign keys: a
 * per-row key check would slow the hottest insert path, and events outlive what they describe like audit rows do.
 *
 * SDK events, written at tens of thousands of rows a second: every index costs each insert, so there are two besides
 * the key, each partial to the one kind of event whose reads it serves.
 *
 * Partitioned by month of occurred_at (UTC), so that retention drops whole months instead of deleting rows. drizzle
 * cannot declare partitioning: migration 0018 builds the partitioned table, and features/event-retention keeps its
 * partitions; this declaration stays the truth for the columns, key and indexes, which the parent carries. A
 * partitioned table's key must hold the partition key; a retried batch resends each event with the time it was
 * made, so (project, event, time) still recognises it.
 */
export const event = pgTable(
  'event',
  {
    projectId: text('project_id').notNull(),
    environmentId: text('environment_id').notNull(),
    /** Made by the SDK, so a retried batch is recognised. */
    eventId: text('event_id').notNull(),
    type: eventTypeEnum('type').notNull(),
    unitId: bytewiseText('unit_id').notNull(),
    experiment: text('experiment'),
    version: text('version'),
    /** A track event's name. */
    name: text('name'),
    value: doublePrecision('value'),
    properties: jsonb('properties'),
    attributes: jsonb('attributes'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.eventId, table.occurredAt] }),
    // An experiment's exposed units in unit order, and each one's first exposure and version, read from the index
    // alone.
    index('event_exposure_idx')
      .on(table.projectId, table.experiment, table.unitId, table.occurredAt, table.version)
      .where(sql`${table.type} = 'exposure'`),
    // One unit's events over a time window, read from the index alone: the analysis looks up each exposed unit, so
    // its time follows the experiment's own units, not every event of the project. The unit comes first, so that
    // most comparisons while descending are settled by it; the name is not a search key, so that one descent finds
    // all of a unit's events whatever metrics ask for them.
    index('event_track_idx')
      .on(table.unitId, table.projectId, table.occurredAt, table.name, table.value)
      .where(sql`${table.type} = 'track'`),
  ],
);

/**
 * The console's own health (spec §7): errors and failed API calls its reporter sent. organization_id is the sender's
 * session's organization, null for pages nobody was signed in to; reports are telemetry, kept apart from the audit log.
 */
export const rumReport = pgTable(
  'rum_report',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    /** error | rejection | config | api */
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    /** An API call's first 500 characters of response body. */
    body: text('body'),
    page: text('page').notNull(),
    releaseId: text('release_id').notNull(),
    edition: text('edition').notNull(),
    platform: text('platform').notNull(),
    environment: text('environment').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rum_report_organization_id_received_at_idx').on(table.organizationId, table.receivedAt)],
);

/** Web vitals the console's reporter measured (spec §7, §9), one row per measurement. */
export const rumVital = pgTable(
  'rum_vital',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: text('organization_id').references(() => organization.id, { onDelete: 'cascade' }),
    userId: text('user_id'),
    page: text('page').notNull(),
    name: text('name').notNull(),
    value: doublePrecision('value').notNull(),
    rating: text('rating').notNull(),
    releaseId: text('release_id').notNull(),
    edition: text('edition').notNull(),
    platform: text('platform').notNull(),
    environment: text('environment').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('rum_vital_organization_id_received_at_idx').on(table.organizationId, table.receivedAt)],
);

export const snapshotStatusEnum = pgEnum('snapshot_status', ['running', 'succeeded', 'failed']);

/**
 * An experiment's analysis as of one moment: per version and day of first exposure, the sums each metric's statistics
 * need. Results are computed from the latest succeeded one on request, so toggling CUPED or the method needs no
 * refresh. At most one refresh of an experiment runs at a time: the partial unique index refuses a second.
 */
export const experimentSnapshot = pgTable(
  'experiment_snapshot',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    experimentId: experimentId(),
    phase: integer('phase').notNull(),
    status: snapshotStatusEnum('status').notNull().default('running'),
    /** schedule | manual */
    trigger: text('trigger').notNull(),
    /** Exposures from `coversFrom` (the phase's start) up to `coversTo` (when the refresh began) are analysed. */
    coversFrom: timestamp('covers_from', { withTimezone: true }).notNull(),
    coversTo: timestamp('covers_to', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: at('finished_at'),
    error: text('error'),
    data: jsonb('data').$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex('experiment_snapshot_one_running').on(table.experimentId).where(sql`${table.status} = 'running'`),
    index('experiment_snapshot_experiment_id_started_at_idx').on(table.experimentId, table.startedAt.desc()),
  ],
);

/**
 * What refreshes found wrong with an experiment's phase (see ALERT_KINDS). A finding is raised once per experiment,
 * phase, kind, metric and version: the unique index lets every server refresh and only the first insert announce it.
 * `metric` and `version` are '' where the kind is about neither, since NULLs would never collide in the index.
 */
export const experimentAlert = pgTable(
  'experiment_alert',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    experimentId: experimentId(),
    phase: integer('phase').notNull(),
    kind: text('kind').$type<AlertKind>().notNull(),
    metric: text('metric').notNull().default(''),
    version: text('version').notNull().default(''),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    /** The refresh that found it. */
    snapshotId: text('snapshot_id').references(() => experimentSnapshot.id, { onDelete: 'set null' }),
    stoppedExperiment: boolean('stopped_experiment').notNull().default(false),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('experiment_alert_once').on(table.experimentId, table.phase, table.kind, table.metric, table.version),
    index('experiment_alert_project_id_experiment_id_idx').on(table.projectId, table.experimentId),
  ],
);

export const webhookFormatEnum = pgEnum('webhook_format', WEBHOOK_FORMATS);
export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', WEBHOOK_DELIVERY_STATUSES);

/** Where a project's events are sent. Event types are text: new ones need no migration of this table. */
export const webhook = pgTable(
  'webhook',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    format: webhookFormatEnum('format').notNull().default('json'),
    enabled: boolean('enabled').notNull().default(true),
    /** The signing secret, encrypted with a key derived from the server's secret: it must be read back to sign. */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_project_id_idx').on(table.projectId)],
);

/**
 * The outbox: one row per event and webhook, written in the transaction of the change it announces. Its id is the
 * idempotency id receivers see on every attempt; `seq` orders the delivery log.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    projectId: projectId(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhook.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop here: 24 hours after the event, or after a resend. */
    retryUntil: timestamp('retry_until', { withTimezone: true }).notNull(),
    lastAttemptAt: at('last_attempt_at'),
    responseCode: integer('response_code'),
    durationMs: integer('duration_ms'),
    /** The last attempt's failure in English, for API clients; the code and its figures say it in any language. */
    error: text('error'),
    /** Text rather than an enum, as event types are: a new reason needs no migration. */
    errorCode: text('error_code').$type<WebhookDeliveryErrorCode>(),
    errorParams: jsonb('error_params').$type<WebhookDeliveryErrorParams>(),
    createdAt: createdAt(),
    deliveredAt: at('delivered_at'),
  },
  (table) => [
    index('webhook_delivery_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_delivery_webhook_id_seq_idx').on(table.webhookId, table.seq.desc()),
  ],
);

/** The last payload revision webhooks were told of, per environment: every server sees a change, one announces it. */
export const payloadRevisionAnnounced = pgTable('payload_revision_announced', {
  environmentId: text('environment_id')
    .primaryKey()
    .references(() => environment.id, { onDelete: 'cascade' }),
  revision: text('revision').notNull(),
  announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
});

export const changeRequestStatusEnum = pgEnum('change_request_status', CHANGE_REQUEST_STATUSES);

/**
 * Changes held for review or for a time: applied once, by the process that locks the row (SKIP LOCKED), in the
 * transaction that marks it applied.
 */
export const changeRequest = pgTable(
  'change_request',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    number: integer('number').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    status: changeRequestStatusEnum('status').notNull(),
    authorKind: text('author_kind').notNull(),
    authorId: text('author_id'),
    authorName: text('author_name'),
    /** Each operation with the target's state when it was asked for: the diff, and the conflict check. */
    changes: jsonb('changes').$type<ChangeRequestChange[]>().notNull(),
    environments: jsonb('environments').$type<{ key: string; name: string }[]>().notNull(),
    requiredApprovals: integer('required_approvals').notNull().default(0),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    planId: text('plan_id'),
    planStep: integer('plan_step'),
    planSteps: integer('plan_steps'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    lateBySeconds: integer('late_by_seconds'),
    failure: text('failure'),
  },
  (table) => [
    uniqueIndex('change_request_project_id_number_unique').on(table.projectId, table.number),
    index('change_request_due_idx').on(table.status, table.scheduledAt),
  ],
);

export const changeRequestApproval = pgTable(
  'change_request_approval',
  {
    changeRequestId: text('change_request_id')
      .notNull()
      .references(() => changeRequest.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.changeRequestId, table.userId] })],
);

export const changeRequestComment = pgTable(
  'change_request_comment',
  {
    id: text('id').primaryKey(),
    changeRequestId: text('change_request_id')
      .notNull()
      .references(() => changeRequest.id, { onDelete: 'cascade' }),
    authorId: text('author_id'),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    verdict: text('verdict').$type<'approved' | 'rejected'>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('change_request_comment_change_request_id_idx').on(table.changeRequestId, table.at)],
);

/**
 * A bandit's periods within a phase: each recomputation of its weights starts one. Assignment keeps its salt across
 * periods, so units keep their version; the analysis compares versions within each period (see stratifiedArms). The
 * unique index lets only one server write a period.
 */
export const banditPeriod = pgTable(
  'bandit_period',
  {
    id: text('id').primaryKey(),
    projectId: projectId(),
    experimentId: experimentId(),
    phase: integer('phase').notNull(),
    index: integer('index').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Basis points by version key. */
    weights: jsonb('weights').$type<Record<string, number>>().notNull(),
    /** Probability of being best by version key; null while burning in. */
    probabilities: jsonb('probabilities').$type<Record<string, number>>(),
  },
  (table) => [uniqueIndex('bandit_period_once').on(table.experimentId, table.phase, table.index)],
);

/**
 * Which server is working out a bandit's next period, until when: the one that inserts (or takes over an expired) row
 * aggregates, the others skip it, so several servers finding it due at once scan its events once. A server that dies
 * mid-work leaves the row to expire.
 */
export const banditClaim = pgTable('bandit_claim', {
  experimentId: text('experiment_id')
    .primaryKey()
    .references(() => experiment.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
});
