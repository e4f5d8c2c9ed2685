import { type SegmentUsage, segmentUsageSchema } from '@tabula/protocol';
import { isApiError } from '../../../lib/api-client';

/** Who still uses a segment, when that is why the server refused to delete it; null for any other failure. */
export function segmentUsageOf(error: unknown): SegmentUsage[] | null {
  if (!isApiError(error) || error.status !== 409 || !Array.isArray(error.details)) return null;
  const usage = error.details.flatMap((detail) => {
    const parsed = segmentUsageSchema.safeParse(detail);
    return parsed.success ? [parsed.data] : [];
  });
  return usage.length > 0 ? usage : null;
}

/** One line per flag environment or experiment: several rules of one flag in one environment are one place. */
export function groupUsage(
  usage: SegmentUsage[],
): { kind: SegmentUsage['kind']; key: string; environment?: string; rules: number }[] {
  const places = new Map<string, { kind: SegmentUsage['kind']; key: string; environment?: string; rules: number }>();
  for (const { kind, key, environment } of usage) {
    const id = `${kind}:${key}:${environment ?? ''}`;
    const place = places.get(id) ?? { kind, key, ...(environment ? { environment } : {}), rules: 0 };
    place.rules += 1;
    places.set(id, place);
  }
  return [...places.values()];
}
