import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DisableMfaModal } from '../features/account/components/disable-mfa-modal';
import { CreateApiKeyModal } from '../features/api-keys/components/create-api-key-modal';
import { SignupForm } from '../features/auth/components/signup-form';
import { EnvironmentModal } from '../features/environments/components/environment-modal';
import { EditFlagModal } from '../features/flags/components/edit-flag-modal';
import { checkoutFlag } from '../features/flags/testing/flag-fixtures';
import { LayerModal } from '../features/layers/components/layer-modal';
import { SegmentModal } from '../features/segments/components/segment-modal';
import { environments, meAs, project } from '../testing/fixtures';
import { unlabelledFields } from '../testing/labelled-fields';
import { mockApi } from '../testing/mock-api';
import { renderWithApp } from '../testing/render';
import { SettingsRoute } from './routes/app/settings';

const close = vi.fn();

// The forms without a test file of their own to hold this check; the others check it beside their other tests.
const FORMS: [string, ReactElement][] = [
  ['sign-up', <SignupForm key="signup" onSuccess={close} />],
  ['segment', <SegmentModal key="segment" projectId={project.id} segment={null} open onClose={close} />],
  [
    'API key',
    <CreateApiKeyModal
      key="key"
      projectId={project.id}
      environments={environments}
      open
      onClose={close}
      onCreated={close}
    />,
  ],
  [
    'environment',
    <EnvironmentModal key="environment" projectId={project.id} environment={null} open onClose={close} />,
  ],
  ['layer', <LayerModal key="layer" projectId={project.id} open onClose={close} />],
  ['flag', <EditFlagModal key="flag" projectId={project.id} flag={checkoutFlag()} open onClose={close} />],
  ['turn off two-factor', <DisableMfaModal key="mfa" open onClose={close} />],
  ['settings', <SettingsRoute key="settings" />],
];

describe('form labels', () => {
  it.each(FORMS)('binds every label of the %s form to its field', (_name, form) => {
    mockApi({});
    renderWithApp(form, { me: meAs('owner') });
    expect(unlabelledFields()).toEqual([]);
  });

  it('binds the labels of a segment’s conditions once a condition is added', async () => {
    mockApi({});
    renderWithApp(<SegmentModal projectId={project.id} segment={null} open onClose={close} />, { me: meAs('owner') });
    const add = await screen.findAllByRole('button', { name: /add condition/i });
    fireEvent.click(add[0] as HTMLElement);
    await screen.findAllByRole('combobox');
    expect(unlabelledFields()).toEqual([]);
  });

  it('finds a label that names no field, and a field without a name', () => {
    renderWithApp(
      <form className="ant-form">
        <div className="ant-form-item">
          <div className="ant-form-item-label">
            <label htmlFor="nowhere">Name</label>
          </div>
          <input />
        </div>
      </form>,
    );
    expect(unlabelledFields()).toEqual([
      'label "Name" names no field',
      expect.stringMatching(/^textbox .* has no name$/),
    ]);
  });
});
