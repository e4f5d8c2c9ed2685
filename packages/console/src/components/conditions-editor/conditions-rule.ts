import type { Condition } from '@tabula/protocol';
import type { Rule } from 'antd/es/form';
import { firstConditionProblem } from './condition-values';
import { useProblemText } from './use-problem-text';

/** A Form.Item rule refusing conditions that are unfinished or invalid, with the spec §5 prompt of the first. */
export function useConditionsRule(): Rule {
  const problemText = useProblemText();
  return {
    validator: (_, conditions: Condition[] | undefined) => {
      const problem = firstConditionProblem(conditions ?? []);
      return problem ? Promise.reject(new Error(problemText(problem))) : Promise.resolve();
    },
  };
}
