import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs, project } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderWithApp } from '../../../testing/render';
import { layerFixture, layersPathOf } from '../fixtures';
import { LayersBoard } from './layers-board';

const path = layersPathOf(project.id);

describe('layers', () => {
  it('lists each layer with its free share and the experiments holding no range', async () => {
    mockApi({ [`GET ${path}`]: { body: { layers: [layerFixture()] } } });
    renderWithApp(<LayersBoard projectId={project.id} experimentHref={(key) => `/x/${key}`} />, { me: meAs('viewer') });
    expect((await screen.findByTestId('layer-free-checkout')).textContent).toBe('Free: 35%');
    expect(screen.getByTestId('layer-waiting-checkout').textContent).toContain('free-shipping');
    expect(screen.getByText('free-shipping').getAttribute('href')).toBe('/x/free-shipping');
    expect(screen.queryByTestId('layer-create')).toBeNull();
    expect(screen.queryByTestId('layer-delete-checkout')).toBeNull();
  });

  it('creates a layer, asking for a name and a valid key first', async () => {
    const { calls } = mockApi({
      [`GET ${path}`]: { body: { layers: [] } },
      [`POST ${path}`]: { status: 201, body: layerFixture({ slots: [], experiments: [] }) },
    });
    renderWithApp(<LayersBoard projectId={project.id} experimentHref={(key) => key} />, { me: meAs('editor') });
    expect(await screen.findByText('No layers yet')).toBeTruthy();
    fireEvent.click(screen.getByTestId('layer-create'));
    fireEvent.click(await screen.findByTestId('layer-submit'));
    expect(await screen.findByText('Please input name')).toBeTruthy();

    fireEvent.change(screen.getByTestId('layer-name'), { target: { value: 'Checkout' } });
    fireEvent.change(screen.getByTestId('layer-key'), { target: { value: 'Check Out' } });
    fireEvent.click(screen.getByTestId('layer-submit'));
    expect(await screen.findByText('Please input valid key')).toBeTruthy();

    fireEvent.change(screen.getByTestId('layer-key'), { target: { value: 'checkout' } });
    fireEvent.click(screen.getByTestId('layer-submit'));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        key: 'checkout',
        name: 'Checkout',
        description: '',
      }),
    );
  });

  it("shows the server's reason when deleting a layer in use is refused", async () => {
    mockApi({
      [`GET ${path}`]: { body: { layers: [layerFixture()] } },
      [`DELETE ${path}/checkout`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'Layer "checkout" is used by 3 experiments' } },
      },
    });
    renderWithApp(<LayersBoard projectId={project.id} experimentHref={(key) => key} />, { me: meAs('editor') });
    fireEvent.click(await screen.findByTestId('layer-delete-checkout'));
    fireEvent.click(await screen.findByTestId('layer-delete-confirm'));
    const refused = await screen.findByTestId('layer-delete-refused');
    expect(refused.textContent).toContain('The layer could not be deleted');
    expect(refused.textContent).toContain('Layer "checkout" is used by 3 experiments');
  });
});
