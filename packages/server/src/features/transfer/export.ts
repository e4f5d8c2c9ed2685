import { PROJECT_EXPORT_FORMAT, PROJECT_EXPORT_VERSION, type ProjectExportDocument } from '@tabula/protocol';
import type { Database } from '../../db/client';
import { type FlagWithEnvironments, flagSnapshot, listFlags } from '../flags/service';
import { definitionOf, listMetrics, type Metric } from '../metrics/service';
import { getProject } from '../projects/service';
import { listSegments } from '../segments/service';

const PAGE = 100;

/** Every page of a paged list, in the list's own order (by key). */
async function everyPage<Item>(
  read: (offset: number) => Promise<{ items: Item[]; nextOffset: number | null }>,
): Promise<Item[]> {
  const all: Item[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page: { items: Item[]; nextOffset: number | null } = await read(offset);
    all.push(...page.items);
    offset = page.nextOffset;
  }
  return all;
}

/** Only environments where the flag was ever set: elsewhere it is off with no rules, which is what importing gives. */
const toExportedFlag = (flag: FlagWithEnvironments): ProjectExportDocument['flags'][number] => {
  // The definition as the audit log keeps it, with archiving said as a flag and the times left out.
  const { archivedAt, ...definition } = flagSnapshot(flag);
  return {
    ...definition,
    archived: archivedAt !== null,
    environments: Object.fromEntries(
      Object.entries(flag.environments)
        .filter(([, state]) => state.updatedAt !== null)
        .map(([envKey, { enabled, rules, prerequisites }]) => [envKey, { enabled, rules, prerequisites }]),
    ),
  };
};

const toExportedMetric = (metric: Metric): ProjectExportDocument['metrics'][number] => ({
  ...definitionOf(metric),
  archived: metric.archivedAt !== null,
});

/** The project's flags (archived ones too), segments and metrics, by key. */
export async function exportProject(db: Database, projectId: string, now = new Date()): Promise<ProjectExportDocument> {
  await getProject(db, projectId);
  const common = { sort: 'key', order: 'asc', status: 'all', limit: PAGE } as const;
  const flags = await everyPage(async (offset) => {
    const page = await listFlags(db, projectId, { ...common, offset });
    return { items: page.flags, nextOffset: page.nextOffset };
  });
  const metrics = await everyPage(async (offset) => {
    const page = await listMetrics(db, projectId, { ...common, offset });
    return { items: page.metrics, nextOffset: page.nextOffset };
  });
  const segments = (await listSegments(db, projectId)).map(({ key, name, description, conditions }) => ({
    key,
    name,
    description,
    conditions,
  }));
  return {
    format: PROJECT_EXPORT_FORMAT,
    version: PROJECT_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    flags: flags.map(toExportedFlag),
    segments,
    metrics: metrics.map(toExportedMetric),
  };
}
