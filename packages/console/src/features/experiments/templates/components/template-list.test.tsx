import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { templateFixture, templatesPathOf } from '../fixtures';
import { TemplateList } from './template-list';

const renderList = (role: 'editor' | 'viewer') =>
  renderWithApp(
    <TemplateList
      projectId={project.id}
      newExperimentHref={(key) => `/new?template=${key}`}
      layers={[]}
      segments={[]}
    />,
    { me: meAs(role) },
  );

describe('template list', () => {
  it('renames a template and describes it again, its key and setup unchanged', async () => {
    const template = templateFixture();
    let current = template;
    const { calls } = mockApi({
      [`GET ${templatesPathOf()}`]: () => ({ body: { templates: [current] } }),
      [`PATCH ${templatesPathOf()}/${template.key}`]: (call) => {
        current = { ...current, ...(call.body as object) };
        return { body: current };
      },
    });
    renderList('editor');
    fireEvent.click(await screen.findByTestId(`edit-template-${template.key}`));
    const key = (await screen.findByTestId('template-key')) as HTMLInputElement;
    expect(key.value).toBe('checkout-test');
    expect(key.disabled).toBe(true);
    expect((screen.getByTestId('template-name') as HTMLInputElement).value).toBe('Checkout test');
    fireEvent.change(screen.getByTestId('template-name'), { target: { value: 'Checkout, three weeks' } });
    fireEvent.change(screen.getByTestId('template-description'), { target: { value: 'For the pro plan' } });
    fireEvent.click(screen.getByTestId('template-submit'));
    expect(await screen.findByText('Template "Checkout, three weeks" saved')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Checkout, three weeks', description: 'For the pro plan' },
    ]);
    await waitFor(() => expect(screen.getByTestId('template-list').textContent).toContain('Checkout, three weeks'));
    expect(screen.getByTestId('template-list').textContent).toContain('For the pro plan');
  });

  it('offers viewers no editing', async () => {
    mockApi({ [`GET ${templatesPathOf()}`]: { body: { templates: [templateFixture()] } } });
    renderList('viewer');
    await waitFor(() => expect(screen.getByTestId('template-list').textContent).toContain('Checkout test'));
    expect(screen.queryByTestId('edit-template-checkout-test')).toBeNull();
  });
});
