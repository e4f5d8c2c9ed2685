import { fireEvent } from '@testing-library/react';
import type { i18n } from 'i18next';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROPERTY_FIELDS } from '../src/properties/fields';
import { PropertyInput } from '../src/ui/property-input';
import { SelectionPanel } from '../src/ui/selection-panel';
import { englishI18n } from './i18n';

let translations: i18n;
let root: Root | null = null;

beforeAll(async () => {
  translations = await englishI18n();
});

afterEach(() => {
  flushSync(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
});

/** Renders synchronously, outside `act`, so what the field shows is read as a page's script would read it. */
function show(element: React.ReactNode): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'));
  root ??= createRoot(container);
  flushSync(() => root!.render(<I18nextProvider i18n={translations}>{element}</I18nextProvider>));
  return document.body;
}

const selection = (selector: string) => (
  <SelectionPanel
    tagName="H1"
    elementType="text"
    selector={selector}
    chosen={1}
    matches={1}
    exact
    canGoUp={false}
    canGoDown={false}
    onParent={() => {}}
    onChild={() => {}}
    onSelector={() => 'No element matches'}
  />
);

describe('fields follow the value they edit', () => {
  it('shows the new selector in the render that brings it, the typed text and its problem gone', () => {
    const page = show(selection('#headline'));
    const input = page.querySelector<HTMLInputElement>('[data-field="selector"]')!;
    fireEvent.change(input, { target: { value: 'h1.nowhere' } });
    fireEvent.blur(input);
    expect(page.querySelector('[role="alert"]')?.textContent).toBe('No element matches');

    show(selection('#headline, #buy'));
    expect(input.value).toBe('#headline, #buy');
    expect(page.querySelector('[role="alert"]')).toBeNull();
  });

  it('shows a property’s new value in the render that brings it', () => {
    const field = PROPERTY_FIELDS.find((candidate) => candidate.key === 'textContent')!;
    const input = (value: string) => (
      <PropertyInput field={field} value={value} disabled={false} onCommit={() => null} />
    );
    const page = show(input('Everything for your garden'));
    show(input('Half price, today only'));
    expect(page.querySelector<HTMLInputElement | HTMLTextAreaElement>('[data-field="textContent"]')!.value).toBe(
      'Half price, today only',
    );
  });
});
