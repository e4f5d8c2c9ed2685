import { useTranslation } from 'react-i18next';
import { useProblemText } from '../../../components/conditions-editor';
import type { RuleProblem } from '../utils/rule-problems';

/** "Rule 2: Please input value", in the user's language. */
export function useRuleProblemText() {
  const { t } = useTranslation('flags');
  const conditionText = useProblemText();
  return (found: RuleProblem) => {
    const text =
      found.kind === 'condition'
        ? conditionText(found.problem)
        : found.kind === 'weights'
          ? t('serve.mustTotal')
          : t('common:validation.choose', { s: t(`nouns.${found.kind}`) });
    return t('rules.problem', { number: found.rule + 1, problem: text });
  };
}
