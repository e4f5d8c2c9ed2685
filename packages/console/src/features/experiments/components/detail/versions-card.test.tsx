import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ids, meAs } from '../../../../testing/fixtures';
import { mockApi, type RecordedCall } from '../../../../testing/mock-api';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture, experimentsPathOf } from '../../fixtures';
import { VersionsCard } from './versions-card';

const link = (version: string) => screen.getByTestId(`preview-open-${version}`).getAttribute('href');

describe('QA preview links', () => {
  it("force each version on a visual experiment's page", () => {
    const visual = experimentFixture({
      kind: 'visual',
      page: { url: 'https://shop.example/cart?ref=a', match: 'exact', openUrl: 'https://shop.example/cart?ref=a' },
    });
    renderWithApp(<VersionsCard experiment={visual} />, { me: meAs('viewer') });
    expect(link('control')).toBe('https://shop.example/cart?ref=a&tabula_force=checkout-button%3Acontrol');
    expect(link('green')).toBe('https://shop.example/cart?ref=a&tabula_force=checkout-button%3Agreen');
    expect(screen.getByTestId('preview-link-green').querySelector('.ant-typography-copy')).toBeTruthy();
  });

  it('open the page to open of a pattern, over http on this machine, and never the pattern itself', () => {
    const local = experimentFixture({
      kind: 'visual',
      page: { url: 'http://localhost:4000/demo*', match: 'fuzzy', openUrl: 'http://localhost:4000/demo?key=k' },
    });
    const first = renderWithApp(<VersionsCard experiment={local} />, { me: meAs('viewer') });
    expect(link('green')).toBe('http://localhost:4000/demo?key=k&tabula_force=checkout-button%3Agreen');
    first.unmount();
    const unnamed = experimentFixture({
      kind: 'visual',
      page: { url: 'https://shop.example/*', match: 'fuzzy', openUrl: null },
    });
    renderWithApp(<VersionsCard experiment={unnamed} />, { me: meAs('viewer') });
    expect(screen.queryByTestId('preview-open-green')).toBeNull();
    expect(screen.getAllByText('Name a page to open (Edit → Page) to get a link')).toHaveLength(2);
  });

  it('use the page typed once for an A/B experiment, remembered on this browser', async () => {
    const experiment = experimentFixture();
    const first = renderWithApp(<VersionsCard experiment={experiment} />, { me: meAs('viewer') });
    expect(screen.queryByTestId('preview-link-green')).toBeNull();
    expect(screen.getAllByText('Name a page above to get a link')).toHaveLength(2);

    const input = screen.getByLabelText('Page to preview on');
    fireEvent.change(input, { target: { value: 'https://app.example/home' } });
    fireEvent.blur(input);
    await waitFor(() => expect(link('green')).toBe('https://app.example/home?tabula_force=checkout-button%3Agreen'));

    first.unmount();
    renderWithApp(<VersionsCard experiment={experiment} />, { me: meAs('viewer') });
    expect(link('control')).toBe('https://app.example/home?tabula_force=checkout-button%3Acontrol');
  });
});

describe('adding a version', () => {
  const path = `${experimentsPathOf()}/checkout-button`;
  const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PATCH');

  it('says a running experiment starts a new phase before Save, and Save re-randomises', async () => {
    const experiment = experimentFixture();
    const { calls } = mockApi({ [`PATCH ${path}`]: { body: experiment } });
    renderWithApp(<VersionsCard experiment={experiment} projectId={ids.project} />, { me: meAs('editor') });
    fireEvent.click(screen.getByTestId('versions-add'));
    expect((await screen.findByTestId('add-version-new-phase')).textContent).toContain(
      'Adding a version starts phase 2',
    );
    expect(screen.getByText(/visitors are re-randomised across all versions/)).toBeTruthy();
    expect(patches(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('add-version-name'), { target: { value: 'Red' } });
    fireEvent.click(screen.getByText('Add and re-randomise'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toEqual({
      reRandomise: true,
      versions: [
        { key: 'control', name: 'Control', weight: 3334, isControl: true, params: { color: 'blue' } },
        { key: 'green', name: 'Green', weight: 3333, isControl: false, params: { color: 'green' } },
        { key: 'red', name: 'Red', weight: 3333, isControl: false, params: {} },
      ],
    });
  });

  it('adds to a draft without talk of phases, asks for a name, and is not offered once stopped or to viewers', async () => {
    const draft = experimentFixture({ status: 'draft' });
    const { calls } = mockApi({ [`PATCH ${path}`]: { body: draft } });
    const view = renderWithApp(<VersionsCard experiment={draft} projectId={ids.project} />, { me: meAs('editor') });
    fireEvent.click(screen.getByTestId('versions-add'));
    expect(screen.queryByTestId('add-version-new-phase')).toBeNull();
    fireEvent.change(await screen.findByTestId('add-version-name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('add-version-save'));
    expect(await screen.findByText('Please input name')).toBeTruthy();
    fireEvent.change(screen.getByTestId('add-version-name'), { target: { value: 'Red' } });
    fireEvent.click(screen.getByTestId('add-version-save'));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).not.toHaveProperty('reRandomise');
    view.unmount();

    const stopped = renderWithApp(
      <VersionsCard experiment={experimentFixture({ status: 'stopped' })} projectId={ids.project} />,
      { me: meAs('editor') },
    );
    expect(screen.queryByTestId('versions-add')).toBeNull();
    stopped.unmount();
    renderWithApp(<VersionsCard experiment={experimentFixture()} />, { me: meAs('viewer') });
    expect(screen.queryByTestId('versions-add')).toBeNull();
  });
});
