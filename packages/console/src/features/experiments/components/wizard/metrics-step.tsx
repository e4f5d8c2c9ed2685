import { BUCKETS } from '@tabula/protocol';
import { PlanEstimates } from '../../power/components/plan-estimates';
import { metricKeysOf } from '../../power/utils/power';
import { BanditField } from './bandit-field';
import { MetricsFields } from './metrics-fields';
import type { StepProps } from './step-props';

/** The metrics and plan, then what an experiment adds to them: a bandit and the plan's estimates. */
export function MetricsStep({ draft, onChange, problems, projectId }: StepProps & { projectId: string }) {
  return (
    <MetricsFields draft={draft} onChange={onChange} problems={problems} projectId={projectId}>
      <BanditField draft={draft} onChange={onChange} />
      <PlanEstimates
        projectId={projectId}
        primary={draft.metrics.primary}
        metricKeys={metricKeysOf(draft.metrics)}
        versions={draft.versions.length}
        // A visual experiment's page, once it has one; an A/B experiment's audience is the whole site.
        audience={draft.kind === 'visual' && draft.page.url ? { url: draft.page.url, match: draft.page.match } : null}
        entering={(draft.traffic / BUCKETS) * (draft.layer ? draft.layerSlots / BUCKETS : 1)}
      />
    </MetricsFields>
  );
}
