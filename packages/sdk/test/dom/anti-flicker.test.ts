// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANTI_FLICKER_TIMEOUT_MS, hidePage } from '../../src';

const root = document.documentElement;
const opacity = () => [root.style.getPropertyValue('opacity'), root.style.getPropertyPriority('opacity')];

beforeEach(() => {
  vi.useFakeTimers();
  root.removeAttribute('style');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('hiding the page until the changes are applied', () => {
  it('hides the page through CSSOM, over the page’s own styles, and shows it when told', () => {
    const show = hidePage();
    expect(opacity()).toEqual(['0', 'important']);
    show();
    expect(root.hasAttribute('style')).toBe(false);
  });

  it('shows the page after the timeout, 1000 ms unless told otherwise', () => {
    hidePage();
    vi.advanceTimersByTime(ANTI_FLICKER_TIMEOUT_MS - 1);
    expect(opacity()).toEqual(['0', 'important']);
    vi.advanceTimersByTime(1);
    expect(opacity()).toEqual(['', '']);

    hidePage(200);
    vi.advanceTimersByTime(200);
    expect(opacity()).toEqual(['', '']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the page exactly once, giving back the root’s own opacity', () => {
    root.style.setProperty('opacity', '0.5');
    root.style.setProperty('color', 'black');
    const show = hidePage();
    show();
    expect(opacity()).toEqual(['0.5', '']);
    expect(vi.getTimerCount()).toBe(0);

    // Later changes of the page's own are not undone by a second call or by the timeout.
    root.style.setProperty('opacity', '0.8', 'important');
    show();
    vi.runAllTimers();
    expect(opacity()).toEqual(['0.8', 'important']);
    expect(root.style.getPropertyValue('color')).toBe('black');
  });
});
