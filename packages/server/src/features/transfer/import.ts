import {
  type ExportedFlag,
  type FieldIssue,
  type ImportKind,
  type ImportProblem,
  type ImportReport,
  type ProjectExport,
  type ProjectImportBody,
  projectExportSchema,
} from '@tabula/protocol';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { type Acting, recordAudit } from '../audit/service';
import { createFlag, setFlagArchived, setFlagEnvironment, updateFlag } from '../flags/service';
import { createMetric, setMetricArchived, updateMetric } from '../metrics/service';
import { listEnvironments } from '../projects/service';
import { createSegment, updateSegment } from '../segments/service';
import { exportProject } from './export';

const KIND_OF_LIST: Record<string, ImportKind> = { flags: 'flag', segments: 'segment', metrics: 'metric' };
const LIST_OF_KIND: Record<ImportKind, 'flags' | 'segments' | 'metrics'> = {
  flag: 'flags',
  segment: 'segments',
  metric: 'metrics',
};

/** An update leaves out what the document leaves out (a boolean flag's variants). */
const definedOnly = <T extends object>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]-?: Exclude<T[K], undefined>;
  };

/** Thrown to undo the writes of a dry run, or of an import that met a problem, after they were tried. */
class Undo extends Error {}

/** Every problem the document's shape has, each with the key of the item it is in when the item has one. */
function shapeProblems(data: unknown, issues: readonly { path: PropertyKey[]; message: string }[]): ImportProblem[] {
  return issues.map(({ path, message }) => {
    const [list, index] = path;
    const kind = typeof list === 'string' ? KIND_OF_LIST[list] : undefined;
    if (!kind || typeof index !== 'number') return { kind: 'document', key: '', path: path.join('.'), reason: message };
    const item = (data as Record<string, { key?: unknown }[]>)[list as string]?.[index];
    const key = typeof item?.key === 'string' ? item.key : '';
    return { kind, key, path: path.join('.'), reason: message };
  });
}

function duplicateProblems(document: ProjectExport): ImportProblem[] {
  return (['flag', 'segment', 'metric'] as const).flatMap((kind) => {
    const seen = new Set<string>();
    return document[LIST_OF_KIND[kind]].flatMap((item, index) => {
      if (!seen.has(item.key)) return seen.add(item.key) && [];
      return [
        { kind, key: item.key, path: `${LIST_OF_KIND[kind]}.${index}.key`, reason: `"${item.key}" appears twice` },
      ];
    });
  });
}

/**
 * Applies an export document to the project in the caller's transaction. Each item is written in its own savepoint, so
 * a refused item is reported and the others are still tried: the report lists every problem. If there is any, or on a
 * dry run, everything written is undone before returning. Items refer to each other by key, so segments and metrics
 * come first, then every flag's definition, then their environments (prerequisites may name any flag of the file),
 * then archiving.
 */
export async function importProject(
  tx: Database,
  acting: Acting,
  projectId: string,
  body: ProjectImportBody,
): Promise<ImportReport> {
  const report: ImportReport = { dryRun: body.dryRun, created: [], updated: [], conflicts: [], errors: [] };
  const parsed = projectExportSchema.safeParse(body.data);
  if (!parsed.success) {
    report.errors = shapeProblems(body.data, parsed.error.issues);
    return report;
  }
  const document = parsed.data;
  report.errors = duplicateProblems(document);
  // A key twice would only add a confusing "already exists" to the report: nothing is tried.
  if (report.errors.length > 0) return report;
  const current = await exportProject(tx, projectId);
  const overwrite = body.mode === 'overwrite';
  const environments = new Set((await listEnvironments(tx, projectId)).map((env) => env.key));
  const existingFlags = new Map(current.flags.map((flag) => [flag.key, flag]));
  const existing: Record<ImportKind, Set<string>> = {
    flag: new Set(existingFlags.keys()),
    segment: new Set(current.segments.map((segment) => segment.key)),
    metric: new Set(current.metrics.map((metric) => metric.key)),
  };

  /** Whether to write the item: a key that exists is a conflict unless overwriting. */
  const writable = (kind: ImportKind, key: string, index: number): boolean => {
    if (!existing[kind].has(key) || overwrite) return true;
    const path = `${LIST_OF_KIND[kind]}.${index}.key`;
    report.conflicts.push({ kind, key, path, reason: `This project already has a ${kind} "${key}"` });
    return false;
  };

  /** Writes one item in a savepoint of `db`; a refusal is reported (false), anything else is thrown. */
  const attempt = async (
    db: Database,
    item: { kind: ImportKind; key: string; path: string },
    write: (savepoint: Database) => Promise<unknown>,
  ): Promise<boolean> => {
    try {
      await db.transaction(write);
      return true;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const issues = Array.isArray(error.details) ? (error.details as FieldIssue[]) : [];
      const path = issues[0]?.path ? `${item.path}.${issues[0].path}` : item.path;
      report.errors.push({ kind: item.kind, key: item.key, path, reason: error.message });
      return false;
    }
  };

  const written = (kind: ImportKind, key: string) =>
    (existing[kind].has(key) ? report.updated : report.created).push({ kind, key });

  function sameType(flag: ExportedFlag, index: number): boolean {
    const before = existingFlags.get(flag.key);
    if (!before || before.type === flag.type) return true;
    report.conflicts.push({
      kind: 'flag',
      key: flag.key,
      path: `flags.${index}.type`,
      reason: `Flag "${flag.key}" is a ${before.type} flag here: its type cannot change to ${flag.type}`,
    });
    return false;
  }

  try {
    await tx.transaction(async (inner) => {
      for (const [index, segment] of document.segments.entries()) {
        if (!writable('segment', segment.key, index)) continue;
        const { key, ...changes } = segment;
        const item = { kind: 'segment', key, path: `segments.${index}` } as const;
        const done = await attempt(inner, item, (w) =>
          existing.segment.has(key)
            ? updateSegment(w, acting, projectId, key, changes)
            : createSegment(w, acting, projectId, segment),
        );
        if (done) written('segment', key);
      }
      for (const [index, { archived, ...metric }] of document.metrics.entries()) {
        if (!writable('metric', metric.key, index)) continue;
        const { key, ...changes } = metric;
        const item = { kind: 'metric', key, path: `metrics.${index}` } as const;
        const done = await attempt(inner, item, async (w) => {
          if (existing.metric.has(key)) await updateMetric(w, acting, projectId, key, changes);
          else await createMetric(w, acting, projectId, metric);
          await setMetricArchived(w, acting, projectId, key, archived);
        });
        if (done) written('metric', key);
      }
      const flagsToWrite = document.flags
        .map((flag, index) => ({ flag, index }))
        .filter(({ flag, index }) => writable('flag', flag.key, index) && sameType(flag, index));
      for (const { flag, index } of flagsToWrite) {
        const { archived: _archived, environments: _environments, key, ...input } = flag;
        const item = { kind: 'flag', key, path: `flags.${index}` } as const;
        const { type: _type, ...changes } = input;
        const done = await attempt(inner, item, (w) =>
          existing.flag.has(key)
            ? updateFlag(w, acting, projectId, key, definedOnly(changes))
            : createFlag(w, acting, projectId, { ...input, key }),
        );
        if (done) written('flag', key);
      }
      for (const { flag, index } of flagsToWrite) {
        for (const [envKey, state] of Object.entries(flag.environments)) {
          const path = `flags.${index}.environments.${envKey}`;
          if (!environments.has(envKey)) {
            report.errors.push({
              kind: 'flag',
              key: flag.key,
              path,
              reason: `This project has no environment "${envKey}"`,
            });
            continue;
          }
          const item = { kind: 'flag', key: flag.key, path } as const;
          await attempt(inner, item, (w) => setFlagEnvironment(w, acting, projectId, flag.key, envKey, state));
        }
      }
      for (const { flag, index } of flagsToWrite) {
        const wasArchived = existingFlags.get(flag.key)?.archived ?? false;
        if (flag.archived === wasArchived) continue;
        const item = { kind: 'flag', key: flag.key, path: `flags.${index}.archived` } as const;
        await attempt(inner, item, (w) => setFlagArchived(w, acting, projectId, flag.key, flag.archived));
      }
      if (report.conflicts.length > 0 || report.errors.length > 0 || body.dryRun) throw new Undo();
      await recordAudit(inner, {
        ...acting,
        projectId,
        action: 'project.imported',
        entityType: 'project',
        entityId: projectId,
        before: null,
        after: { mode: body.mode, created: report.created, updated: report.updated },
      });
    });
  } catch (error) {
    if (!(error instanceof Undo)) throw error;
  }
  return report;
}
