import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meAs } from '../../../../testing/fixtures';
import { renderWithApp } from '../../../../testing/render';
import { experimentFixture } from '../../fixtures';
import { VersionsCard } from './versions-card';

const link = (version: string) => screen.getByTestId(`preview-open-${version}`).getAttribute('href');

describe('QA preview links', () => {
  it("force each version on a visual experiment's page", () => {
    const visual = experimentFixture({
      kind: 'visual',
      page: { url: 'https://shop.example/cart?ref=a', match: 'exact' },
    });
    renderWithApp(<VersionsCard experiment={visual} />, { me: meAs('viewer') });
    expect(link('control')).toBe('https://shop.example/cart?ref=a&tabula_force=checkout-button%3Acontrol');
    expect(link('green')).toBe('https://shop.example/cart?ref=a&tabula_force=checkout-button%3Agreen');
    expect(screen.getByTestId('preview-link-green').querySelector('.ant-typography-copy')).toBeTruthy();
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
