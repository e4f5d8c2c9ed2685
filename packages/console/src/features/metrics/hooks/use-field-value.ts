import { Form } from 'antd';
import type { NamePath } from 'antd/es/form/interface';

/**
 * A field's current value, for showing only the fields it calls for. useWatch alone reads nothing on the first
 * render, which would flash the wrong fields (or disabled options) before the right ones.
 */
export function useFieldValue<T>(name: NamePath): T | undefined {
  const form = Form.useFormInstance();
  const watched: T | undefined = Form.useWatch(name, form);
  return watched ?? form.getFieldValue(name);
}
