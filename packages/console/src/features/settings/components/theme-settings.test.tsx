import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_KEY } from '../../../lib/i18n';
import { usePlatformStore } from '../../../lib/platform/platform';
import { useSettingsStore } from '../../../lib/settings-store';
import { meAs } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { ThemeSettings } from './theme-settings';

const choose = async (edition: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(await screen.findByTestId(`theme-option-${edition}`));
};

afterEach(() => {
  useSettingsStore.getState().setTheme(null);
  usePlatformStore.setState({ editions: {} });
});

describe('theme setting (spec §1, §9)', () => {
  it('stores the chosen edition, and a non-tab edition switches to Chinese when no language was chosen', async () => {
    renderWithApp(<ThemeSettings />, { me: meAs('viewer') });
    expect(screen.getByText('Default: Internal tab')).toBeTruthy();
    await choose('mini-games');
    expect(useSettingsStore.getState().theme).toBe('mini-games');
    await waitFor(() => expect(i18next.language).toBe('zh-CN'));
  });

  it('keeps English for a non-tab edition when English was chosen before', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'en');
    renderWithApp(<ThemeSettings />, { me: meAs('viewer') });
    await choose('international');
    expect(useSettingsStore.getState().theme).toBe('international');
    expect(i18next.language).toBe('en');
  });

  it('says when the address already selects the edition', () => {
    usePlatformStore.setState({ editions: { [window.location.hostname]: 'payment-tab' } });
    renderWithApp(<ThemeSettings />, { me: meAs('viewer') });
    expect(screen.getByTestId('theme-from-host').textContent).toContain('This address selects the Payment tab edition');
  });
});
