import { useTranslation } from 'react-i18next';
import type { ConditionProblem } from './condition-values';

/** A condition's problem in the user's language, as one of the spec §5 prompts. */
export function useProblemText() {
  const { t } = useTranslation('flags');
  return (problem: Pick<ConditionProblem, 'prompt' | 'noun'>) =>
    t(`common:validation.${problem.prompt}`, { s: t(`conditions.nouns.${problem.noun}`) });
}
