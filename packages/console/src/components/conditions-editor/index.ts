export { type ConditionProblem, conditionProblem, firstConditionProblem } from './condition-values';
export { ConditionsEditor, type ConditionsEditorProps } from './conditions-editor';
export { useConditionsRule } from './conditions-rule';
export { ConditionsSummary } from './conditions-summary';
export { type SegmentOption, SegmentSelect } from './segment-select';
export { useProblemText } from './use-problem-text';
