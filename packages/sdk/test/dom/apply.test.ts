// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppliedRules, applyElementRules, REAPPLY_LIMIT, structure } from '../../src';
import { byId, rulesFrom, settle, textRule } from './page';

// The style attribute is written in the form CSSOM writes one back ("…; margin: 4px;"), so that a page restored
// property by property reads the same as before, character for character.
const PAGE = `
  <header id="top" class="bar">
    <h1 id="title" title="Welcome">Spring <em>sale</em></h1>
    <a id="link" href="/a">Shop</a>
  </header>
  <ul id="list"><li id="one">1</li><li id="two">2</li><li id="three">3</li></ul>
  <p id="note" style="color: green !important; margin: 4px;">Note</p>`;

let errors: Error[];
let applied: AppliedRules[];

const apply = (...rules: Parameters<typeof applyElementRules>[0][]) => {
  const handle = applyElementRules(rules.flat(), { onError: (error) => errors.push(error), structure });
  applied.push(handle);
  return handle;
};

beforeEach(() => {
  document.body.innerHTML = PAGE;
  errors = [];
  applied = [];
});

afterEach(() => {
  for (const handle of applied) handle.revert();
});

describe('applying element rules', () => {
  it('sets text as text, never as HTML', () => {
    apply(textRule('#title', '<img src=x onerror="alert(1)">Summer'));
    expect(byId('title').textContent).toBe('<img src=x onerror="alert(1)">Summer');
    expect(byId('title').children).toHaveLength(0);
  });

  it('sets the class and other attributes', () => {
    apply(
      rulesFrom(
        { selector: '#link', type: 'attribute', key: 'className', value: 'cta big' },
        { selector: '#link', type: 'attribute', key: 'href', value: '/sale' },
        { selector: '#link', type: 'attribute', key: 'data-variant', value: 'b' },
      ),
    );
    const link = byId('link');
    expect(link.className).toBe('cta big');
    expect(link.getAttribute('href')).toBe('/sale');
    expect(link.dataset.variant).toBe('b');
  });

  it('sets styles as important inline styles, over the page’s own important ones', () => {
    apply(
      rulesFrom(
        { selector: '#note', type: 'style', key: 'color', value: 'red' },
        { selector: '#note', type: 'style', key: 'backgroundImage', value: 'https://cdn.example/a.png' },
      ),
    );
    const { style } = byId('note');
    expect([style.getPropertyValue('color'), style.getPropertyPriority('color')]).toEqual(['red', 'important']);
    expect(style.getPropertyValue('background-image')).toBe('url("https://cdn.example/a.png")');
    expect(style.getPropertyValue('margin')).toBe('4px');
  });

  it('moves an element before or after the target (reorder)', () => {
    apply(
      rulesFrom(
        {
          selector: '#one',
          type: 'move',
          moveType: 'reorder',
          targetSelector: '#three',
          insertOrder: 'after',
          newSelector: '#list > li:nth-child(3)',
        },
        {
          selector: '#link',
          type: 'move',
          moveType: 'reorder',
          targetSelector: '#title',
          insertOrder: 'before',
          newSelector: '#top > a',
        },
      ),
    );
    expect([...byId('list').children].map((item) => item.id)).toEqual(['two', 'three', 'one']);
    expect(byId('title').previousSibling).toBe(byId('link'));
  });

  it('moves an element anywhere by relative positioning', () => {
    apply(rulesFrom({ selector: '#title', type: 'move', moveType: 'anywhere', x: 30, y: -12 }));
    const { style } = byId('title');
    expect([style.position, style.left, style.top]).toEqual(['relative', '30px', '-12px']);
    expect(style.getPropertyPriority('left')).toBe('important');
  });

  it('changes every element a selector matches, and reports a selector it cannot read without stopping', () => {
    apply(textRule('li', 'item'), textRule('li[', 'never'), textRule('#note', 'Changed'));
    expect([...document.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['item', 'item', 'item']);
    expect(byId('note').textContent).toBe('Changed');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('li[');
  });

  it('changes elements that appear later, when they appear', async () => {
    apply(textRule('.late', 'Here'), rulesFrom({ selector: '.late', type: 'style', key: 'color', value: 'blue' }));
    const late = document.createElement('div');
    late.className = 'late';
    late.textContent = 'Loading';
    byId('top').append(late);
    await settle();
    expect(late.textContent).toBe('Here');
    expect(late.style.getPropertyValue('color')).toBe('blue');
  });

  it('changes again what a framework re-renders, and keeps what it rendered for the revert', async () => {
    const handle = apply(
      textRule('#title', 'Summer'),
      rulesFrom({ selector: '#title', type: 'attribute', key: 'title', value: 'Hot' }),
    );
    const title = byId('title');
    title.textContent = 'Spring sale, 2 days left';
    title.setAttribute('title', 'Welcome back');
    await settle();
    expect(title.textContent).toBe('Summer');
    expect(title.getAttribute('title')).toBe('Hot');
    handle.revert();
    expect(title.textContent).toBe('Spring sale, 2 days left');
    expect(title.getAttribute('title')).toBe('Welcome back');
  });

  it('leaves a style alone in the form the browser keeps it, and restores the style the page set since', async () => {
    const handle = apply(rulesFrom({ selector: '#note', type: 'style', key: 'color', value: 'rgb(255,0,0)' }));
    const note = byId('note');
    const changed = note.style.getPropertyValue('color');
    const writes: MutationRecord[] = [];
    new MutationObserver((records) => writes.push(...records)).observe(note, { attributes: true });
    byId('list').append(document.createElement('li'));
    await settle();
    expect(writes).toEqual([]);

    note.style.setProperty('color', 'blue');
    await settle();
    expect([note.style.getPropertyValue('color'), note.style.getPropertyPriority('color')]).toEqual([
      changed,
      'important',
    ]);
    handle.revert();
    expect([note.style.getPropertyValue('color'), note.style.getPropertyPriority('color')]).toEqual(['blue', '']);
    expect(errors).toEqual([]);
  });

  it('keeps a moved element where it was put, though its old selector now matches another', async () => {
    apply(
      rulesFrom({
        selector: '#list > li:first-child',
        type: 'move',
        moveType: 'reorder',
        targetSelector: '#list > li:last-child',
        insertOrder: 'after',
        newSelector: '#list > li:last-child',
      }),
    );
    byId('list').append(document.createElement('li'));
    await settle();
    expect([...byId('list').children].map((item) => item.id)).toEqual(['two', 'three', '', 'one']);
  });
});

describe('changes of the page’s structure', () => {
  it('hides an element, or takes it off the page and keeps it off when the page puts it back', async () => {
    apply(
      rulesFrom({ selector: '#link', type: 'style', key: 'display', value: 'none' }),
      rulesFrom({ selector: '#two', type: 'remove' }),
    );
    expect(byId('link').style.getPropertyValue('display')).toBe('none');
    const two = document.querySelector('li:nth-child(2)');
    expect(two?.id).toBe('three');
    const removed = [...document.querySelectorAll('li')].length;
    expect(removed).toBe(2);
    // A framework rendering the item again.
    const again = Object.assign(document.createElement('li'), { id: 'two', textContent: '2' });
    byId('list').append(again);
    await settle();
    expect(again.isConnected).toBe(false);
  });

  it('inserts elements of the editor’s kinds, empty but for their id, which other records then fill', () => {
    apply(
      rulesFrom(
        { selector: '#title', type: 'insert', key: 'button', value: 'buy', insertOrder: 'after' },
        { selector: '#list', type: 'insert', key: 'image', value: 'badge', insertOrder: 'inside' },
        { selector: '#top', type: 'insert', key: 'text', value: 'intro', insertOrder: 'before' },
        { selector: '[data-tabula-insert="buy"]', type: '', key: 'textContent', value: '<b>Buy</b>' },
        { selector: '[data-tabula-insert="badge"]', type: 'attribute', key: 'src', value: '/badge.png' },
        { selector: '[data-tabula-insert="badge"]', type: 'attribute', key: 'alt', value: 'New' },
      ),
    );
    const button = byId('title').nextElementSibling as HTMLButtonElement;
    expect([button.tagName, button.type, button.textContent, button.children.length]).toEqual([
      'BUTTON',
      'button',
      '<b>Buy</b>',
      0,
    ]);
    const image = byId('list').lastElementChild as HTMLImageElement;
    expect([image.tagName, image.getAttribute('src'), image.alt]).toEqual(['IMG', '/badge.png', 'New']);
    expect(byId('top').previousElementSibling?.outerHTML).toBe('<p data-tabula-insert="intro"></p>');
  });

  it('puts an inserted element back where it belongs, inserts one per element found, never one for itself', async () => {
    apply(
      rulesFrom(
        { selector: 'li', type: 'insert', key: 'container', value: 'note', insertOrder: 'inside' },
        { selector: 'p', type: 'insert', key: 'text', value: 'after-p', insertOrder: 'after' },
      ),
    );
    expect(document.querySelectorAll('li > [data-tabula-insert="note"]')).toHaveLength(3);
    expect(document.querySelectorAll('[data-tabula-insert="after-p"]')).toHaveLength(1);
    const inserted = byId('one').lastElementChild!;
    document.body.append(inserted);
    await settle();
    expect(inserted.parentElement).toBe(byId('one'));
    expect(errors).toEqual([]);
  });

  it('takes the moves made for the other device off this page: desktop here, phones up to 767 px', () => {
    apply(
      rulesFrom(
        { selector: '#title', type: 'move', moveType: 'anywhere', x: 300, y: 0, device: 'desktop' },
        { selector: '#title', type: 'move', moveType: 'anywhere', x: 10, y: 5, device: 'mobile' },
      ),
    );
    // happy-dom lays the page out 1024 px wide.
    expect(byId('title').style.getPropertyValue('left')).toBe('300px');
  });

  it('puts the page back: removed elements where they stood, inserted ones gone', () => {
    const before = document.body.innerHTML;
    const handle = apply(
      rulesFrom(
        { selector: '#one', type: 'remove' },
        { selector: '#three', type: 'remove' },
        { selector: '#note', type: 'insert', key: 'container', value: 'box', insertOrder: 'before' },
        { selector: '[data-tabula-insert="box"]', type: 'insert', key: 'link', value: 'more', insertOrder: 'inside' },
      ),
    );
    expect(document.querySelector('[data-tabula-insert="box"] > a[data-tabula-insert="more"]')).not.toBeNull();
    handle.revert();
    expect(document.body.innerHTML).toBe(before);
  });
});

describe('a page that fights a change', () => {
  it('is answered up to the limit, then the element is left alone and reported', async () => {
    const title = byId('title');
    let resets = 0;
    const page = new MutationObserver(() => {
      if (title.textContent === 'Summer') {
        resets += 1;
        title.textContent = 'Spring';
      }
    });
    page.observe(title, { childList: true, characterData: true, subtree: true });
    apply(textRule('#title', 'Summer'), textRule('#note', 'Changed'));
    await settle();
    page.disconnect();

    expect(errors.map((error) => error.message)).toEqual(['#title: left alone, the page keeps changing it back']);
    expect(resets).toBe(REAPPLY_LIMIT + 1);
    expect(title.textContent).toBe('Spring');
    // The other elements keep their changes, and stay watched.
    byId('note').textContent = 'Note';
    await settle();
    expect(byId('note').textContent).toBe('Changed');
  });

  it('stops watching a page that replaces every changed element', async () => {
    const list = byId('list');
    const page = new MutationObserver(() => {
      const changed = list.querySelector('li.sale');
      if (changed) changed.replaceWith(Object.assign(document.createElement('li'), { className: 'fresh' }));
    });
    page.observe(list, { attributes: true, subtree: true });
    list.firstElementChild!.className = 'fresh';
    apply(rulesFrom({ selector: '.fresh', type: 'attribute', key: 'className', value: 'sale' }));
    await settle();
    page.disconnect();
    expect(errors.map((error) => error.message)).toEqual([
      'Stopped watching the page: it keeps replacing changed elements',
    ]);
  });
});

describe('reverting', () => {
  it('restores the page exactly and stops watching it', async () => {
    const before = document.body.innerHTML;
    const titleNodes = [...byId('title').childNodes];
    const handle = apply(
      textRule('#title', 'Summer'),
      textRule('li', 'item'),
      rulesFrom(
        { selector: '#title', type: 'style', key: 'color', value: 'red' },
        { selector: '#note', type: 'style', key: 'color', value: 'red' },
        { selector: '#note', type: 'style', key: 'fontSize', value: '20px' },
        { selector: '#link', type: 'attribute', key: 'className', value: 'cta' },
        { selector: '#link', type: 'attribute', key: 'href', value: '/sale' },
        { selector: '#link', type: 'attribute', key: 'target', value: '_blank' },
        { selector: '#top', type: 'move', moveType: 'anywhere', x: 5, y: 5 },
        {
          selector: '#one',
          type: 'move',
          moveType: 'reorder',
          targetSelector: '#three',
          insertOrder: 'after',
          newSelector: '#three + li',
        },
        {
          selector: '#two',
          type: 'move',
          moveType: 'reorder',
          targetSelector: '#one',
          insertOrder: 'after',
          newSelector: '#one + li',
        },
        {
          selector: '#note',
          type: 'move',
          moveType: 'reorder',
          targetSelector: '#title',
          insertOrder: 'before',
          newSelector: '#top > p',
        },
      ),
    );
    expect(document.body.innerHTML).not.toBe(before);

    handle.revert();
    expect(document.body.innerHTML).toBe(before);
    expect([...byId('title').childNodes]).toEqual(titleNodes);
    expect(byId('note').style.getPropertyPriority('color')).toBe('important');
    expect(byId('title').hasAttribute('style')).toBe(false);

    const late = Object.assign(document.createElement('li'), { textContent: 'late' });
    byId('list').append(late);
    byId('title').textContent = 'Spring';
    await settle();
    expect(late.textContent).toBe('late');
    expect(byId('title').textContent).toBe('Spring');
    expect(errors).toEqual([]);
  });

  it('leaves what the page already showed untouched, and is harmless twice', () => {
    const before = document.body.innerHTML;
    const handle = apply(
      textRule('#link', 'Shop'),
      rulesFrom({ selector: '#nothing', type: 'style', key: 'color', value: 'red' }),
    );
    handle.revert();
    handle.revert();
    expect(document.body.innerHTML).toBe(before);
  });
});
