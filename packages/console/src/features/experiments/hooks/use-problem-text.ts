import { useTranslation } from 'react-i18next';
import { useProblemText as useConditionProblemText } from '../../../components/conditions-editor';
import { translateServerMessage } from '../../../lib/form-errors';
import type { Problem } from '../utils/step-validation';

/**
 * A wizard problem in the user's language: one of the spec §5 prompts, its {s} the translated field noun; or what the
 * server said, translated where the bundles know it.
 */
export function useProblemText() {
  const { t } = useTranslation('experiments');
  const conditionText = useConditionProblemText();
  return (problem: Problem): string => {
    if (problem.condition) return conditionText(problem.condition);
    switch (problem.prompt) {
      case 'chooseGroup':
        return t('validation.chooseGroup');
      case 'https':
        return t('validation.https');
      case 'openUrlMatch':
        return t('validation.openUrlMatch');
      case 'server':
        return translateServerMessage(problem.message ?? '', t);
      default:
        return t(`common:validation.${problem.prompt}`, { s: t(`fields.${problem.field ?? 'name'}`) });
    }
  };
}
