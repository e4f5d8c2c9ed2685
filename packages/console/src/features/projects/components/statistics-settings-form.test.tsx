import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { StatisticsSettingsForm } from './statistics-settings-form';

const projectPath = `/api/v1/projects/${project.id}`;

describe('statistics settings', () => {
  it('saves the method, alpha, decision threshold and correction an admin chooses', async () => {
    const statistics = { method: 'bayesian', alpha: 0.1, correction: 'none', decisionThreshold: 0.9 };
    const saved = { ...project, statistics };
    const { calls } = mockApi({ [`PATCH ${projectPath}`]: { body: saved } });
    renderWithApp(<StatisticsSettingsForm project={project} />, { me: meAs('admin') });
    expect(screen.getByText('Intervals cover 95% of the plausible effects.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('statistics-method-bayesian'));
    fireEvent.change(screen.getByTestId('statistics-alpha'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByTestId('statistics-correction-none'));
    expect(await screen.findByText('Intervals cover 90% of the plausible effects.')).toBeTruthy();
    expect(screen.getByText(/chance to beat control, or to lose to it, reaches 95%.+the 90% one/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('statistics-decision-threshold'), { target: { value: '0.9' } });
    expect(await screen.findByText(/reaches 90%.+the 80% one/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('statistics-save'));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ statistics });
  });

  it('refuses an alpha outside (0, 0.5) or a threshold outside (0.5, 1), and is read-only below admin', async () => {
    const { calls } = mockApi({});
    renderWithApp(<StatisticsSettingsForm project={project} />, { me: meAs('admin') });
    fireEvent.change(screen.getByTestId('statistics-alpha'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('statistics-save'));
    expect(await screen.findByText('Please input valid alpha: above 0 and below 0.5, e.g. 0.05')).toBeTruthy();
    fireEvent.change(screen.getByTestId('statistics-decision-threshold'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('statistics-save'));
    expect(
      await screen.findByText('Please input valid decision threshold: above 0.5 and below 1, e.g. 0.95'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    renderWithApp(<StatisticsSettingsForm project={project} />, { me: meAs('editor') });
    expect(screen.getAllByTestId('statistics-alpha').some((input) => (input as HTMLInputElement).disabled)).toBe(true);
  });
});

describe('form labels', () => {
  it('binds every label to its field', () => {
    mockApi({});
    renderWithApp(<StatisticsSettingsForm project={project} />, { me: meAs('admin') });
    expect(unlabelledFields()).toEqual([]);
  });
});
