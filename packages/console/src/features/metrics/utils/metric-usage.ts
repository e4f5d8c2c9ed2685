import { type MetricUsage, metricUsageSchema } from '@tabula/protocol';
import { isApiError } from '../../../lib/api-client';

/** The experiments that use a metric, when that is why the server refused to delete it; null for any other failure. */
export function metricUsageOf(error: unknown): MetricUsage[] | null {
  if (!isApiError(error) || error.status !== 409 || !Array.isArray(error.details)) return null;
  const usage = error.details.flatMap((detail) => {
    const parsed = metricUsageSchema.safeParse(detail);
    return parsed.success ? [parsed.data] : [];
  });
  return usage.length > 0 ? usage : null;
}
