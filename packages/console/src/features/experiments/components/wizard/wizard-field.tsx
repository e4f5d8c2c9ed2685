import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useProblemText } from '../../hooks/use-problem-text';
import type { Problem } from '../../utils/step-validation';

interface WizardFieldProps {
  label?: ReactNode;
  /** The draft path whose problem this field shows. */
  path: string;
  problems: Problem[];
  extra?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

/** A labelled input showing the step validation's problem for its path, in the spec §5 words. */
export function WizardField({ label, path, problems, extra, required, children }: WizardFieldProps) {
  const problemText = useProblemText();
  const problem = problems.find((candidate) => candidate.path === path);
  return (
    <Form.Item
      label={label}
      required={required}
      extra={extra}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? <span data-testid={`problem-${path}`}>{problemText(problem)}</span> : undefined}
    >
      {children}
    </Form.Item>
  );
}
