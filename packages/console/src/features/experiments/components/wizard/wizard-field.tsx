import { Form } from 'antd';
import type { ReactNode } from 'react';
import { FieldGroup } from '../../../../components/field-group';
import { useProblemText } from '../../hooks/use-problem-text';
import type { Problem } from '../../utils/step-validation';

/** The id of the control a wizard field's label names, from the draft path the field edits. */
export const wizardFieldId = (path: string) => `wizard-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

interface WizardFieldProps {
  label?: string;
  /** The draft path whose problem this field shows. */
  path: string;
  problems: Problem[];
  extra?: ReactNode;
  required?: boolean;
  /**
   * The label names several fields (or a set of options) together. Otherwise it names the one control that
   * carries `wizardFieldId(path)`.
   */
  group?: boolean;
  children: ReactNode;
}

/** A labelled input showing the step validation's problem for its path, in the spec §5 words. */
export function WizardField({ label, path, problems, extra, required, group, children }: WizardFieldProps) {
  const problemText = useProblemText();
  const problem = problems.find((candidate) => candidate.path === path);
  return (
    <Form.Item
      label={label}
      htmlFor={group ? undefined : wizardFieldId(path)}
      required={required}
      extra={extra}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? <span data-testid={`problem-${path}`}>{problemText(problem)}</span> : undefined}
    >
      {group ? <FieldGroup label={label}>{children}</FieldGroup> : children}
    </Form.Item>
  );
}
