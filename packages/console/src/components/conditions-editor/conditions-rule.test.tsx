import type { Condition } from '@tabula/protocol';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ConditionsEditor } from './conditions-editor';
import { useConditionsRule } from './conditions-rule';

function AudienceForm({ onFinish }: { onFinish: (values: { conditions: Condition[] }) => void }) {
  const rule = useConditionsRule();
  return (
    <Form onFinish={onFinish} initialValues={{ conditions: [{ attribute: '', operator: 'in', values: [] }] }}>
      <Form.Item name="conditions" rules={[rule]}>
        <ConditionsEditor />
      </Form.Item>
    </Form>
  );
}

describe('conditions rule', () => {
  it('keeps a form from saving an unfinished condition, with the spec prompt', async () => {
    const onFinish = vi.fn();
    render(<AudienceForm onFinish={onFinish} />);
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    expect(await screen.findByText('Please input attribute')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    // The message is the item's; the unfinished row's inputs are not all painted red by it.
    expect(document.querySelector('.ant-input-status-error, .ant-select-status-error')).toBeNull();

    fireEvent.change(screen.getByLabelText('Attribute'), { target: { value: 'plan' } });
    fireEvent.change(screen.getByLabelText('Values'), { target: { value: 'pro' } });
    fireEvent.keyDown(screen.getByLabelText('Values'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.submit(document.querySelector('form') as HTMLFormElement);
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ conditions: [{ attribute: 'plan', operator: 'in', values: ['pro'] }] }),
    );
  });
});
