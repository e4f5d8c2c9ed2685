import { describe, expect, it } from 'vitest';
import { goalNameOf } from '../src/goals/goal-name';

const element = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild!;
};

describe('a click goal’s name to start from', () => {
  it('is the element’s text in one line, shortened past a few words', () => {
    expect(goalNameOf(element('<button>\n  Add   to <b>cart</b>\n</button>'))).toBe('Add to cart');
    const long = goalNameOf(element(`<a>${'Read the whole story of our spring collection '.repeat(2)}</a>`));
    expect(long).toBe('Read the whole story of our spring coll…');
    expect(long).toHaveLength(40);
  });

  it('falls back to the label, alternative text or title, and is empty when the element says nothing', () => {
    expect(goalNameOf(element('<button aria-label="Close"> </button>'))).toBe('Close');
    expect(goalNameOf(element('<img alt="Spring sale" src="x.png">'))).toBe('Spring sale');
    expect(goalNameOf(element('<div title="Menu"></div>'))).toBe('Menu');
    expect(goalNameOf(element('<div></div>'))).toBe('');
  });
});
