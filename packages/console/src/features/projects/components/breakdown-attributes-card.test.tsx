import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { BreakdownAttributesCard } from './breakdown-attributes-card';

const projectPath = `/api/v1/projects/${project.id}`;
const input = () => screen.getByTestId('breakdown-attributes').querySelector('input') as HTMLInputElement;
const type = (name: string) => {
  fireEvent.mouseDown(input());
  fireEvent.change(input(), { target: { value: name } });
  fireEvent.keyDown(input(), { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('breakdown attributes', () => {
  it('saves the attributes an admin chooses, and refuses a name that is no attribute name', async () => {
    const { calls } = mockApi({ [`PATCH ${projectPath}`]: { body: { ...project, breakdownAttributes: ['plan'] } } });
    const view = renderWithApp(<BreakdownAttributesCard project={project} />, { me: meAs('admin') });
    type('plan');
    await waitFor(() => expect(screen.getAllByTitle('plan').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('breakdown-attributes-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ breakdownAttributes: ['plan'] });
    view.unmount();

    renderWithApp(<BreakdownAttributesCard project={project} />, { me: meAs('admin') });
    type('bad name');
    expect(await screen.findByText(/An attribute name holds letters/)).toBeTruthy();
    expect((screen.getByTestId('breakdown-attributes-save') as HTMLButtonElement).disabled).toBe(true);
  });
});
