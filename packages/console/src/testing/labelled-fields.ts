import { queryAllByLabelText, queryAllByRole } from '@testing-library/react';

/** The roles of everything a person fills in or flips. */
const FIELD_ROLES = ['textbox', 'searchbox', 'combobox', 'spinbutton', 'switch', 'slider', 'checkbox', 'radio'];

const fieldsIn = (element: HTMLElement) => FIELD_ROLES.flatMap((role) => queryAllByRole(element, role));

/**
 * What a screen reader (or getByLabelText) cannot reach by its words: a form label over fields that names none of
 * them (nor the group holding them), and a field with no accessible name at all. An empty list means every field is
 * reachable by its label. A label over read-only text, with no field under it, names nothing and needs not.
 */
export function unlabelledFields(container: HTMLElement = document.body): string[] {
  const unbound = [...container.querySelectorAll<HTMLLabelElement>('.ant-form-item-label label')].flatMap((label) => {
    const text = label.textContent?.trim() ?? '';
    const item = label.closest<HTMLElement>('.ant-form-item');
    if (!item || fieldsIn(item).length === 0) return [];
    const bound = queryAllByLabelText(container, text, { exact: true }).some((named) => item.contains(named));
    return bound ? [] : [`label "${text}" names no field`];
  });
  const nameless = FIELD_ROLES.flatMap((role) =>
    queryAllByRole(container, role, { name: (name) => name.trim() === '' }).map(
      (field) => `${role} ${field.getAttribute('data-testid') || field.id || field.outerHTML.slice(0, 80)} has no name`,
    ),
  );
  return [...unbound, ...nameless];
}
