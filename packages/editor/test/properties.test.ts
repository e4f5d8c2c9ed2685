import { describe, expect, it } from 'vitest';
import { toHexColor } from '../src/properties/colors';
import { BORDER_STYLES, fieldsFor, PROPERTY_FIELDS, type PropertyField } from '../src/properties/fields';
import { pixelsOf, readLength, readNumber } from '../src/properties/numbers';
import { editField, fieldTextOf, pageValueOf } from '../src/properties/to-record';

const field = (key: string): PropertyField => PROPERTY_FIELDS.find((candidate) => candidate.key === key)!;

describe('number inputs (spec §5)', () => {
  it('takes an optional minus sign followed by digits as an integer, and nothing else', () => {
    expect(readNumber('integer', '12')).toEqual({ valid: true, value: 12 });
    expect(readNumber('integer', ' -8 ')).toEqual({ valid: true, value: -8 });
    for (const text of ['1.5', '+3', '1e2', '12px', 'abc', '-'])
      expect(readNumber('integer', text)).toEqual({ valid: false });
  });

  it('reads a float, with the pixel unit allowed after it, and refuses what is no number rather than writing 0', () => {
    expect(readNumber('float', '1.25')).toEqual({ valid: true, value: 1.25 });
    expect(readNumber('float', '18px')).toEqual({ valid: true, value: 18 });
    expect(readNumber('float', '.5')).toEqual({ valid: true, value: 0.5 });
    for (const text of ['big', '18pt', '1.5.2', '--1'])
      expect(readNumber('float', text), text).toEqual({ valid: false });
  });

  it('reads a line height as a factor or a length with its unit', () => {
    expect(readLength('1.5')).toBe('1.5');
    expect(readLength(' 24PX ')).toBe('24px');
    expect(readLength('1.2em')).toBe('1.2em');
    expect(readLength('1.25rem')).toBe('1.25rem');
    expect(readLength('150 %')).toBe('150%');
    expect(readLength('')).toBeNull();
    for (const text of ['tall', '-1', '1.5pt', 'normal']) expect(readLength(text), text).toBeUndefined();
  });

  it('treats an empty field as no value', () => {
    expect(readNumber('integer', '  ')).toEqual({ valid: true, value: null });
    expect(readNumber('float', '')).toEqual({ valid: true, value: null });
  });

  it('shows computed lengths without their unit, and keywords as nothing', () => {
    expect(pixelsOf('12.5px')).toBe('12.5');
    expect(pixelsOf('0px')).toBe('0');
    expect(pixelsOf('auto')).toBe('');
    expect(pixelsOf('normal')).toBe('');
  });
});

describe('property → change record', () => {
  it('makes style records with the camelCase key, numbers in pixels', () => {
    expect(editField(field('color'), '#headline', ' #c80000 ')).toEqual({
      kind: 'set',
      record: { selector: '#headline', type: 'style', key: 'color', value: '#c80000' },
    });
    expect(editField(field('marginTop'), 'h1', '-4')).toEqual({
      kind: 'set',
      record: { selector: 'h1', type: 'style', key: 'marginTop', value: '-4px' },
    });
    expect(editField(field('fontSize'), 'h1', '18.5')).toMatchObject({ record: { value: '18.5px' } });
    expect(editField(field('lineHeight'), 'h1', '1.5')).toMatchObject({ record: { value: '1.5' } });
    expect(editField(field('lineHeight'), 'h1', '120%')).toMatchObject({ record: { value: '120%' } });
    expect(editField(field('lineHeight'), 'h1', '')).toEqual({ kind: 'unset' });
  });

  it('refuses a size or a line height that does not parse, instead of writing 0px', () => {
    expect(editField(field('fontSize'), 'h1', 'big')).toEqual({ kind: 'invalid' });
    expect(editField(field('lineHeight'), 'h1', 'tall')).toEqual({ kind: 'invalid' });
  });

  it('refuses a malformed integer and unsets an emptied style', () => {
    expect(editField(field('width'), 'h1', '12.5')).toEqual({ kind: 'invalid' });
    expect(editField(field('width'), 'h1', '')).toEqual({ kind: 'unset' });
    expect(editField(field('boxShadow'), 'h1', '  ')).toEqual({ kind: 'unset' });
  });

  it('sets text and class as properties of the element, and links and placeholders as attributes', () => {
    expect(editField(field('textContent'), 'h1', ' Half price ')).toEqual({
      kind: 'set',
      record: { selector: 'h1', type: '', key: 'textContent', value: ' Half price ' },
    });
    expect(editField(field('className'), 'h1', 'big')).toMatchObject({ record: { type: '', key: 'className' } });
    expect(editField(field('href'), 'a', 'https://x.example')).toMatchObject({
      record: { type: 'attribute', key: 'href' },
    });
    expect(editField(field('placeholder'), 'input', '')).toMatchObject({ record: { type: 'attribute', value: '' } });
    expect(editField(field('backgroundImage'), 'main', 'https://img.example/a.png')).toMatchObject({
      record: { type: 'style', key: 'backgroundImage', value: 'https://img.example/a.png' },
    });
  });

  it('shows a record’s number without its unit, and the page’s own value otherwise', () => {
    expect(fieldTextOf(field('width'), { selector: 'h1', type: 'style', key: 'width', value: '120px' })).toBe('120');
    document.body.innerHTML = '<a href="/x" class="nav big">Go</a>';
    const link = document.querySelector('a')!;
    const computed = getComputedStyle(link);
    expect(pageValueOf(field('textContent'), link, computed)).toBe('Go');
    expect(pageValueOf(field('className'), link, computed)).toBe('nav big');
    expect(pageValueOf(field('href'), link, computed)).toBe('/x');
    link.style.backgroundColor = 'transparent';
    expect(pageValueOf(field('backgroundColor'), link, getComputedStyle(link))).toBe('transparent');
    // A computed line height keeps its unit: a bare number would read as a factor of the font size.
    link.style.lineHeight = '24px';
    expect(pageValueOf(field('lineHeight'), link, getComputedStyle(link))).toBe('24px');
    expect(fieldTextOf(field('lineHeight'), { selector: 'a', type: 'style', key: 'lineHeight', value: '1.5' })).toBe(
      '1.5',
    );
  });
});

describe('the property panel’s fields (spec §3)', () => {
  it('offers exactly the spec’s border styles', () => {
    expect(BORDER_STYLES).toEqual([
      'dashed',
      'dotted',
      'double',
      'groove',
      'hidden',
      'inherit',
      'initial',
      'inset',
      'none',
      'outset',
      'revert',
      'ridge',
      'solid',
      'unset',
    ]);
    expect(field('borderStyle').input).toEqual({ kind: 'select', options: BORDER_STYLES });
  });

  it('covers every editable property of the spec', () => {
    const keys = PROPERTY_FIELDS.map((candidate) => candidate.key);
    const sides = ['Top', 'Right', 'Bottom', 'Left'];
    for (const key of [
      'href',
      'src',
      'className',
      'placeholder',
      'textContent',
      'value',
      'color',
      'backgroundColor',
      'backgroundImage',
      'width',
      'height',
      'fontFamily',
      'fontSize',
      'fontWeight',
      'textAlign',
      'textDecoration',
      'fontStyle',
      'lineHeight',
      'borderRadius',
      'borderWidth',
      'borderColor',
      'borderStyle',
      'boxShadow',
      'textShadow',
      ...sides.flatMap((side) => [`margin${side}`, `padding${side}`, `border${side}Width`]),
    ]) {
      expect(keys, key).toContain(key);
    }
  });

  it('shows text for text elements, placeholders for fields, links for links, in the spec’s group order', () => {
    document.body.innerHTML = '<h1>T</h1><input><a href="/">x</a><div><p>y</p></div>';
    const [h1, input, link, container] = Array.from(document.body.children);
    const keysOf = (element: Element, type: Parameters<typeof fieldsFor>[1]) =>
      fieldsFor(element, type).flatMap(([, fields]) => fields.map((candidate) => candidate.key));
    expect(keysOf(h1!, 'text')).toContain('textContent');
    expect(keysOf(container!, 'container')).not.toContain('textContent');
    expect(keysOf(input!, 'unknown')).toContain('placeholder');
    expect(keysOf(h1!, 'text')).not.toContain('placeholder');
    expect(keysOf(link!, 'text')).toContain('href');
    expect(fieldsFor(h1!, 'text').map(([group]) => group)).toEqual([
      'element',
      'text',
      'size',
      'lineHeight',
      'fontColor',
      'alignment',
      'background',
      'border',
      'shadow',
      'boxModel',
    ]);
  });
});

describe('colours', () => {
  it('turns computed and short colours into a picker’s #rrggbb', () => {
    expect(toHexColor('rgb(200, 0, 0)')).toBe('#c80000');
    expect(toHexColor('rgba(22, 119, 255, 0.5)')).toBe('#1677ff');
    expect(toHexColor('#F00')).toBe('#ff0000');
    expect(toHexColor('rgba(0, 0, 0, 0)')).toBeNull();
    expect(toHexColor('transparent')).toBeNull();
  });
});
