// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchNavigation } from '../../src';

const START = 'http://localhost:3000/';
let visited: string[];
let stop: () => void;
const { pushState, replaceState } = history;

beforeEach(() => {
  history.replaceState(null, '', START);
  visited = [];
  stop = watchNavigation((url) => visited.push(url));
});

afterEach(() => {
  stop();
});

describe('watching single-page navigation', () => {
  it('hears pushState and replaceState that change the address, and only those', () => {
    history.pushState({ step: 1 }, '', '/cart');
    history.replaceState({ step: 2 }, '', '/cart');
    history.replaceState(null, '', '/cart?coupon=1');
    expect(visited).toEqual([`${START}cart`, `${START}cart?coupon=1`]);
    expect(history.state).toBeNull();
  });

  it('hears the back and forward buttons and fragment changes', () => {
    // The browser changes the address itself, then tells: history's own method stands for it.
    const browserGoesTo = (url: string) => replaceState.call(history, null, '', url);
    browserGoesTo('/back');
    window.dispatchEvent(new PopStateEvent('popstate'));
    browserGoesTo('/back#reviews');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(visited).toEqual([`${START}back`, `${START}back#reviews`]);
  });

  it('reports a failing callback without breaking the page’s navigation', () => {
    stop();
    const errors: Error[] = [];
    stop = watchNavigation(
      () => {
        throw new Error('broken');
      },
      { onError: (error) => errors.push(error) },
    );
    history.pushState(null, '', '/next');
    expect(location.href).toBe(`${START}next`);
    expect(errors.map((error) => error.message)).toEqual(['broken']);
  });

  it('puts history back when it stops, or stays quiet under a script that wrapped it later', () => {
    stop();
    expect(history.pushState).toBe(pushState);
    expect(history.replaceState).toBe(replaceState);
    history.pushState(null, '', '/after');
    expect(visited).toEqual([]);

    stop = watchNavigation((url) => visited.push(url));
    const ours = history.pushState;
    history.pushState = function (this: History, ...args) {
      return ours.apply(this, args);
    };
    const theirs = history.pushState;
    stop();
    expect(history.pushState).toBe(theirs);
    history.pushState(null, '', '/later');
    expect(visited).toEqual([]);
    history.pushState = pushState;
  });
});
