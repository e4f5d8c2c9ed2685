import type { ImportReport } from '@tabula/protocol';

/** Whether the report says the import can go ahead: nothing conflicts and nothing is wrong. */
export const isClean = (report: ImportReport): boolean => report.conflicts.length === 0 && report.errors.length === 0;

/** Reads an uploaded file as JSON; null when it is not JSON at all. */
export function parseImportFile(text: string): { data: unknown } | null {
  try {
    return { data: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}
