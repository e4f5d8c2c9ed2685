import type { ElementType } from '../selection/element-type';
import type { NumberKind } from './numbers';

/** Spec §3: the border styles the editor offers, exactly. */
export const BORDER_STYLES = [
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
] as const;
export const TEXT_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export const FONT_WEIGHTS = ['normal', 'bold', '100', '200', '300', '400', '500', '600', '700', '800', '900'] as const;
export const FONT_STYLES = ['normal', 'italic', 'oblique'] as const;
export const TEXT_DECORATIONS = ['none', 'underline', 'overline', 'line-through'] as const;
export const LINK_TARGETS = ['_self', '_blank'] as const;

/** Spec §2: the property panel's groups, in its order; position adjustment has a panel of its own. */
export const PROPERTY_GROUPS = [
  'element',
  'placeholder',
  'text',
  'size',
  'lineHeight',
  'fontColor',
  'alignment',
  'background',
  'border',
  'shadow',
  'boxModel',
] as const;
export type PropertyGroup = (typeof PROPERTY_GROUPS)[number];

/**
 * How a property is changed: a style (an important inline style), an attribute, or a property of the element itself
 * (its text, its class), which change records carry with an empty type.
 */
export type PropertyTarget = 'style' | 'attribute' | 'element';

export type PropertyInput =
  | { kind: 'text' | 'longText' | 'color' | 'url' }
  | { kind: NumberKind; unit: 'px' }
  /** A unitless factor or a length with its unit (line height). */
  | { kind: 'length' }
  | { kind: 'select'; options: readonly string[] };

export interface PropertyField {
  /** The change record's key: the camelCase style name, the attribute, or textContent / className. */
  key: string;
  group: PropertyGroup;
  target: PropertyTarget;
  input: PropertyInput;
  /** Left out: every element has it. */
  appliesTo?: (element: Element, type: ElementType) => boolean;
}

const tagIn =
  (...tags: string[]) =>
  (element: Element) =>
    tags.includes(element.tagName.toLowerCase());

const style = (key: string, group: PropertyGroup, input: PropertyInput): PropertyField => ({
  key,
  group,
  target: 'style',
  input,
});
const px = (kind: NumberKind): PropertyInput => ({ kind, unit: 'px' });
const SIDES = ['Top', 'Right', 'Bottom', 'Left'] as const;

/** Spec §3 "Editable element properties", each in the group of the spec's labels (tagName and selector are shown above the groups). */
export const PROPERTY_FIELDS: readonly PropertyField[] = [
  { key: 'className', group: 'element', target: 'element', input: { kind: 'text' } },
  { key: 'href', group: 'element', target: 'attribute', input: { kind: 'url' }, appliesTo: tagIn('a', 'area') },
  {
    key: 'src',
    group: 'element',
    target: 'attribute',
    input: { kind: 'url' },
    appliesTo: tagIn('img', 'video', 'audio', 'iframe', 'source', 'embed'),
  },
  // Beyond the spec's list, what marketers change on images and links every day.
  { key: 'srcset', group: 'element', target: 'attribute', input: { kind: 'text' }, appliesTo: tagIn('img', 'source') },
  { key: 'alt', group: 'element', target: 'attribute', input: { kind: 'text' }, appliesTo: tagIn('img', 'area') },
  {
    key: 'target',
    group: 'element',
    target: 'attribute',
    input: { kind: 'select', options: LINK_TARGETS },
    appliesTo: tagIn('a', 'area'),
  },
  {
    key: 'value',
    group: 'element',
    target: 'attribute',
    input: { kind: 'text' },
    appliesTo: tagIn('input', 'button', 'option'),
  },
  {
    key: 'placeholder',
    group: 'placeholder',
    target: 'attribute',
    input: { kind: 'text' },
    appliesTo: tagIn('input', 'textarea'),
  },
  {
    key: 'textContent',
    group: 'text',
    target: 'element',
    input: { kind: 'longText' },
    appliesTo: (_element, type) => type === 'text',
  },
  style('fontFamily', 'text', { kind: 'text' }),
  style('fontWeight', 'text', { kind: 'select', options: FONT_WEIGHTS }),
  style('fontStyle', 'text', { kind: 'select', options: FONT_STYLES }),
  style('textDecoration', 'text', { kind: 'select', options: TEXT_DECORATIONS }),
  style('fontSize', 'size', px('float')),
  style('width', 'size', px('integer')),
  style('height', 'size', px('integer')),
  style('lineHeight', 'lineHeight', { kind: 'length' }),
  style('color', 'fontColor', { kind: 'color' }),
  style('textAlign', 'alignment', { kind: 'select', options: TEXT_ALIGNS }),
  style('backgroundColor', 'background', { kind: 'color' }),
  style('backgroundImage', 'background', { kind: 'url' }),
  style('borderColor', 'border', { kind: 'color' }),
  style('borderWidth', 'border', px('integer')),
  style('borderRadius', 'border', px('integer')),
  style('borderStyle', 'border', { kind: 'select', options: BORDER_STYLES }),
  style('boxShadow', 'shadow', { kind: 'text' }),
  style('textShadow', 'shadow', { kind: 'text' }),
  ...SIDES.map((side) => style(`margin${side}`, 'boxModel', px('integer'))),
  ...SIDES.map((side) => style(`padding${side}`, 'boxModel', px('integer'))),
  ...SIDES.map((side) => style(`border${side}Width`, 'boxModel', px('integer'))),
];

/** The fields the panel shows for this element, by group, in the panel's order; groups without fields left out. */
export function fieldsFor(element: Element, type: ElementType): [PropertyGroup, PropertyField[]][] {
  const fields = PROPERTY_FIELDS.filter((field) => field.appliesTo?.(element, type) ?? true);
  return PROPERTY_GROUPS.map(
    (group) => [group, fields.filter((field) => field.group === group)] as [PropertyGroup, PropertyField[]],
  ).filter(([, grouped]) => grouped.length > 0);
}
