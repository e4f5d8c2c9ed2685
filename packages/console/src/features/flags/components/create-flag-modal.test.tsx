import type { Flag } from '@tabula/protocol';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { unlabelledFields } from '../../../testing/labelled-fields';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { checkoutFlag, flagsApiPath } from '../testing/flag-fixtures';
import { CreateFlagModal } from './create-flag-modal';

function renderModal() {
  const onCreated = vi.fn<(flag: Flag) => void>();
  const api = mockApi({ [`POST ${flagsApiPath}`]: { status: 201, body: checkoutFlag() } });
  renderWithApp(<CreateFlagModal projectId={project.id} open onClose={vi.fn()} onCreated={onCreated} />, {
    me: meAs('editor'),
  });
  return { ...api, onCreated };
}

const type = (label: string) => fireEvent.click(within(screen.getByTestId('flag-type')).getByText(label));
const variantValue = (index: number) => within(screen.getByTestId(`variant-${index}`)).findByLabelText('Value');

describe('create flag', () => {
  it('creates a boolean flag with its fixed on and off variants', async () => {
    const { calls, onCreated } = renderModal();
    fireEvent.change(screen.getByTestId('flag-key'), { target: { value: 'new-checkout' } });
    fireEvent.change(screen.getByTestId('flag-name'), { target: { value: 'New checkout' } });
    fireEvent.click(screen.getByTestId('create-flag-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      key: 'new-checkout',
      name: 'New checkout',
      description: '',
      type: 'boolean',
      variants: [
        { key: 'on', value: true },
        { key: 'off', value: false },
      ],
      defaultVariant: 'on',
      offVariant: 'off',
      tags: [],
      metadata: {},
    });
  });

  it('checks JSON values before sending them', async () => {
    const { calls } = renderModal();
    fireEvent.change(screen.getByTestId('flag-key'), { target: { value: 'layout' } });
    fireEvent.change(screen.getByTestId('flag-name'), { target: { value: 'Layout' } });
    type('JSON');
    fireEvent.change(await variantValue(0), { target: { value: '{"columns": 3' } });
    expect(await screen.findByText('Please input valid JSON')).toBeTruthy();
    fireEvent.click(screen.getByTestId('create-flag-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);

    fireEvent.change(await variantValue(0), { target: { value: '{"columns": 3}' } });
    fireEvent.click(screen.getByTestId('create-flag-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      type: 'json',
      variants: [
        { key: 'control', value: { columns: 3 } },
        { key: 'treatment', value: {} },
      ],
      defaultVariant: 'control',
      offVariant: 'control',
    });
  });

  it('types number variants as numbers', async () => {
    const { calls } = renderModal();
    fireEvent.change(screen.getByTestId('flag-key'), { target: { value: 'page-size' } });
    fireEvent.change(screen.getByTestId('flag-name'), { target: { value: 'Page size' } });
    type('Number');
    fireEvent.change(await variantValue(1), { target: { value: '48' } });
    fireEvent.click(screen.getByTestId('create-flag-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      variants: [
        { key: 'control', value: 0 },
        { key: 'treatment', value: 48 },
      ],
    });
  });

  it('refuses two variants with one key', async () => {
    const { calls } = renderModal();
    fireEvent.change(screen.getByTestId('flag-key'), { target: { value: 'theme' } });
    fireEvent.change(screen.getByTestId('flag-name'), { target: { value: 'Theme' } });
    type('String');
    fireEvent.change(within(screen.getByTestId('variant-1')).getByLabelText('Variant key'), {
      target: { value: 'control' },
    });
    expect(await screen.findByText('The variant key "control" is used twice')).toBeTruthy();
    fireEvent.click(screen.getByTestId('create-flag-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
  });
});

describe('form labels', () => {
  it('binds every label to its field', async () => {
    renderModal();
    type('String');
    await variantValue(0);
    expect(unlabelledFields()).toEqual([]);
  });
});
