import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { experiment, experimentVersion } from '../../db/schema';

/**
 * A bandit's new weights (basis points by version key), in the caller's transaction. Neither the phase nor the salt
 * changes: units already assigned keep their version, and only new units are split by the new weights.
 */
export async function setBanditWeights(tx: Database, experimentId: string, weights: Record<string, number>) {
  for (const [key, weight] of Object.entries(weights)) {
    await tx
      .update(experimentVersion)
      .set({ weight })
      .where(and(eq(experimentVersion.experimentId, experimentId), eq(experimentVersion.key, key)));
  }
  await tx.update(experiment).set({ updatedAt: new Date() }).where(eq(experiment.id, experimentId));
}
