import type { Experiment, ExperimentTemplate, Layer } from '@tabula/protocol';
import { App, Button, Card, Flex, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SegmentOption } from '../../../../components/conditions-editor';
import { ServerErrorAlert } from '../../../../components/server-error-alert';
import { TemplatePicker } from '../../templates/components/template-picker';
import { applyTemplate } from '../../templates/utils/apply-template';
import {
  changedFields,
  draftFromExperiment,
  type ExperimentDraft,
  newDraft,
  rebaseDraft,
} from '../../utils/experiment-draft';
import { reRandomisingChanges } from '../../utils/re-randomise';
import { validateDraft, validateStep, type WizardStep, wizardSteps } from '../../utils/step-validation';
import { AudienceStep } from './audience-step';
import { BasicsStep } from './basics-step';
import { EditorStep } from './editor-step';
import { MetricsStep } from './metrics-step';
import { PageStep } from './page-step';
import { ReviewStep } from './review-step';
import type { StepProps } from './step-props';
import { useSaveExperiment } from './use-save-experiment';
import { useSavedExperiment } from './use-saved-experiment';
import { VersionsStep } from './versions-step';

interface ExperimentWizardProps {
  projectId: string;
  /** The experiment being edited; absent to create one. */
  saved?: Experiment;
  layers: Layer[];
  segments: SegmentOption[];
  onSaved: (experiment: Experiment) => void;
  /** A new experiment saved as a draft to open the visual editor on; the wizard goes on editing it. */
  onDraftSaved?: (experiment: Experiment) => void;
  /** The step to open at; the first when absent or not one of this experiment's. */
  initialStep?: string | null;
  /** A new experiment starts filled from this template. */
  initialTemplate?: ExperimentTemplate | null;
}

/**
 * The experiment, step by step (spec §2/§4: Prev Step, Next Step, Save). Next Step checks the current step;
 * Save checks them all and goes to the first with a problem.
 */
export function ExperimentWizard({
  projectId,
  saved: opened,
  layers,
  segments,
  onSaved,
  onDraftSaved,
  initialStep,
  initialTemplate = null,
}: ExperimentWizardProps) {
  const { t } = useTranslation('experiments');
  const { message } = App.useApp();
  const { saved, adopt } = useSavedExperiment(projectId, opened);
  const [template, setTemplate] = useState(opened ? null : initialTemplate);
  const [draft, setDraft] = useState<ExperimentDraft>(() => {
    if (opened) return draftFromExperiment(opened);
    const fresh = newDraft({ control: t('versions.control'), treatment: t('versions.treatment') });
    return initialTemplate ? applyTemplate(fresh, initialTemplate) : fresh;
  });
  const startFrom = (chosen: ExperimentTemplate) => {
    setTemplate(chosen);
    setDraft((current) => applyTemplate(current, chosen));
  };
  // A newer save (the wizard's own, or the visual editor's in another tab) becomes the base of the draft.
  const [base, setBase] = useState(saved);
  if (saved !== base) {
    setBase(saved);
    if (saved) setDraft((current) => (base ? rebaseDraft(current, base, saved) : draftFromExperiment(saved)));
  }
  const [index, setIndex] = useState(() => Math.max(0, wizardSteps(draft.kind).indexOf(initialStep as WizardStep)));
  // A step shows its problems once people tried to leave it or to save.
  const [checked, setChecked] = useState<ReadonlySet<WizardStep>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const { save, saving } = useSaveExperiment(projectId, saved);

  const steps = wizardSteps(draft.kind);
  const current = Math.min(index, steps.length - 1);
  const step = steps[current] ?? 'basics';
  const check = (...more: WizardStep[]) => setChecked((previous) => new Set([...previous, ...more]));

  /** Backwards always; forwards only over steps that are done, stopping at the first that is not. */
  const goTo = (target: number) => {
    const blocking = steps.slice(current, target).find((passing) => validateStep(passing, draft).length > 0);
    if (blocking) check(blocking);
    setIndex(blocking ? steps.indexOf(blocking) : target);
  };

  /** Checks every step, going to the first with a problem, then saves; resolves to null when nothing was saved. */
  const persist = async (): Promise<Experiment | null> => {
    setError(null);
    const problems = validateDraft(draft);
    const first = problems[0];
    if (first) {
      check(...problems.map((found) => found.step));
      setIndex(steps.indexOf(first.step));
      return null;
    }
    try {
      const result = await save(draft);
      if (result) void message.success(saved ? t('wizard.updated') : t('wizard.created'));
      return result;
    } catch (caught) {
      setError(caught);
      return null;
    }
  };

  const onSave = async () => {
    const result = await persist();
    if (result) onSaved(result);
  };

  /** The visual editor step's save: the wizard stays, now editing the saved experiment. */
  const saveAndStay = async () => {
    const result = await persist();
    if (result) adopt(result);
    return result;
  };

  const props: StepProps = {
    draft,
    onChange: (change) => setDraft((previous) => ({ ...previous, ...change })),
    problems: checked.has(step) ? validateStep(step, draft) : [],
    saved,
    reRandomising: saved ? reRandomisingChanges(saved, changedFields(saved, draft)) : [],
  };
  const bodies: Record<WizardStep, React.ReactNode> = {
    basics: <BasicsStep {...props} />,
    audience: <AudienceStep {...props} layers={layers} segments={segments} />,
    versions: <VersionsStep {...props} />,
    page: <PageStep {...props} />,
    editor: (
      <EditorStep {...props} projectId={projectId} onSave={saveAndStay} saving={saving} onDraftSaved={onDraftSaved} />
    ),
    metrics: <MetricsStep {...props} projectId={projectId} />,
    review: (
      <ReviewStep
        draft={draft}
        layers={layers}
        problems={validateDraft(draft)}
        onGoTo={(target) => goTo(steps.indexOf(target))}
      />
    ),
  };

  return (
    <Card>
      {!saved && <TemplatePicker projectId={projectId} applied={template} onApply={startFrom} />}
      <Steps
        current={current}
        onChange={goTo}
        style={{ marginBottom: 32 }}
        data-testid="wizard-steps"
        items={steps.map((item) => ({
          title: t(`wizard.steps.${item}`),
          status: checked.has(item) && validateStep(item, draft).length > 0 ? 'error' : undefined,
        }))}
      />
      <div data-testid={`wizard-step-${step}`}>{bodies[step]}</div>
      <ServerErrorAlert error={error} style={{ marginTop: 16 }} />
      <Flex gap={8} justify="flex-end" style={{ marginTop: 24 }}>
        <Button onClick={() => goTo(current - 1)} disabled={current === 0} data-testid="wizard-prev">
          {t('wizard.prev')}
        </Button>
        {current < steps.length - 1 && (
          <Button type="primary" onClick={() => goTo(current + 1)} data-testid="wizard-next">
            {t('wizard.next')}
          </Button>
        )}
        <Button
          type={current === steps.length - 1 ? 'primary' : 'default'}
          onClick={onSave}
          loading={saving}
          data-testid="wizard-save"
        >
          {t('wizard.save')}
        </Button>
      </Flex>
    </Card>
  );
}
