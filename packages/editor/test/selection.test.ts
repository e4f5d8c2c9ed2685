import { describe, expect, it } from 'vitest';
import { elementTypeOf } from '../src/selection/element-type';
import { isGeneratedName } from '../src/selection/generated-names';
import { childOf, isSelectable, parentOf } from '../src/selection/relatives';
import { elementsMatching, groupSelectorOf, matchesExactly, selectorOf } from '../src/selection/selector';

const page = (html: string) => {
  document.body.innerHTML = html;
  return document;
};

describe('generated names', () => {
  it('sees the hashes of CSS modules, CSS-in-JS and React ids', () => {
    for (const name of [
      'Button_primary__3xYz1',
      '_2Fv1a',
      'sc-bdfBwQ',
      'css-1q2w3e',
      'jsx-2381726',
      'svelte-xyz12',
      'kYwnaEqL',
      ':r1:',
      '12345',
      'a1b2c3d4',
    ]) {
      expect(isGeneratedName(name), name).toBe(true);
    }
  });

  it('keeps the names people write', () => {
    for (const name of [
      'headline',
      'buy',
      'new-checkout',
      'hero_title',
      'col12',
      'step2',
      'h1',
      'btn-2xl',
      'primaryButton',
      'MuiButtonBase',
      'isActive',
      'nav',
    ]) {
      expect(isGeneratedName(name), name).toBe(false);
    }
  });
});

describe('selectors', () => {
  it('uses ids and class names that survive a build, and finds exactly the element', () => {
    const doc = page(`<main><h1 id="headline">Hi</h1><p class="lead css-1q2w3e">One</p><p class="lead sc-bdfBwQ">Two</p>
      <section><button data-testid="buy" class="Button_primary__3xYz1">Buy</button></section></main>`);
    const headline = doc.querySelector('h1')!;
    expect(selectorOf(headline)).toBe('#headline');
    const second = doc.querySelectorAll('p')[1]!;
    const selector = selectorOf(second);
    expect(selector).not.toMatch(/css-|sc-/);
    expect(elementsMatching(doc, selector)).toEqual([second]);
    const button = doc.querySelector('button')!;
    const buttonSelector = selectorOf(button);
    expect(buttonSelector).not.toContain('3xYz1');
    expect(elementsMatching(doc, buttonSelector)).toEqual([button]);
  });

  it('prefers a test attribute to a class, and a class to a position', () => {
    const doc = page(`<button class="buy" data-testid="buy-button">Buy</button><button class="buy">Buy too</button>
      <a class="more" href="/x">More</a>`);
    const [first] = Array.from(doc.querySelectorAll('button'));
    expect(selectorOf(first!)).toBe('[data-testid="buy-button"]');
    expect(selectorOf(doc.querySelector('a')!)).toBe('a.more');
  });

  it('never answers a bare tag name, even for the only element of its kind', () => {
    const doc = page('<main><h1>Title</h1><p>One</p><p>Two</p></main>');
    expect(selectorOf(doc.querySelector('h1')!)).toBe('body > main > h1');
    const second = doc.querySelectorAll('p')[1]!;
    expect(selectorOf(second)).toBe('body > main > p:nth-of-type(2)');
    expect(elementsMatching(doc, selectorOf(second))).toEqual([second]);
  });

  it('finds an element without a name of its own from the nearest surrounding element that has one', () => {
    const doc = page(`<section id="cards"><div class="card"><p class="price">1</p></div>
      <div class="card"><p class="price">2</p></div></section><p class="price">Total</p>`);
    const [, second] = Array.from(doc.querySelectorAll('#cards .price'));
    expect(selectorOf(second!)).toBe('#cards > div:nth-of-type(2) > p');
    const label = doc.querySelector('body > p')!;
    expect(selectorOf(label)).toBe('body > p.price');
  });

  it('gives elements changed together one selector that finds exactly them', () => {
    const doc = page(`<section id="cards"><div class="card"><p class="price">1</p></div>
      <div class="card"><p class="price">2</p></div></section><p class="price">Total</p><h2 id="title">T</h2>`);
    const prices = Array.from(doc.querySelectorAll('#cards .price'));
    expect(groupSelectorOf(prices)).toBe('#cards p.price');
    const all = Array.from(doc.querySelectorAll('.price'));
    expect(groupSelectorOf(all)).toBe('p.price');
    const mixed = [prices[0]!, doc.querySelector('h2')!];
    const selector = groupSelectorOf(mixed);
    expect(selector).toBe('#cards > div:nth-of-type(1) > p, #title');
    expect(matchesExactly(doc, selector, mixed)).toBe(true);
    expect(matchesExactly(doc, 'p.price', prices)).toBe(false);
  });

  it('treats an unreadable selector as matching nothing', () => {
    const doc = page('<p>x</p>');
    expect(elementsMatching(doc, 'p[')).toEqual([]);
    expect(elementsMatching(doc, 'p')).toHaveLength(1);
  });
});

describe('element types (spec §2)', () => {
  it('tells text, image, container and unknown apart', () => {
    const doc = page(
      `<h1>Title</h1><img src="a.png"><div><span>x</span></div><div></div><input placeholder="q"><svg></svg>`,
    );
    const [h1, img, container, empty, input, svg] = Array.from(doc.body.children);
    expect(elementTypeOf(h1!)).toBe('text');
    expect(elementTypeOf(img!)).toBe('image');
    expect(elementTypeOf(svg!)).toBe('image');
    expect(elementTypeOf(container!)).toBe('container');
    expect(elementTypeOf(empty!)).toBe('unknown');
    expect(elementTypeOf(input!)).toBe('unknown');
  });
});

describe('choosing parent and child', () => {
  it('walks up to the body and down to the first element, never into the editor or the document', () => {
    const doc = page('<main><p><b>x</b></p></main>');
    const host = doc.createElement('tabula-editor');
    doc.documentElement.append(host);
    const p = doc.querySelector('p')!;
    expect(parentOf(p, host)).toBe(doc.querySelector('main'));
    expect(childOf(p, host)).toBe(doc.querySelector('b'));
    expect(childOf(doc.querySelector('b')!, host)).toBeNull();
    expect(parentOf(doc.body, host)).toBeNull();
    expect(isSelectable(host, host)).toBe(false);
    expect(isSelectable(doc.documentElement, host)).toBe(false);
    expect(isSelectable(doc.body, host)).toBe(true);
    host.remove();
  });
});
