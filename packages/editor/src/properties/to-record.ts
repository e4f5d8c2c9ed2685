import { type ChangeRecord, dashedStyleName } from '@tabula/protocol';
import type { PropertyField } from './fields';
import { pixelsOf, readLength, readNumber } from './numbers';

/**
 * What editing a field does: set a record, unset the property (an emptied style goes back to the page's own), or
 * refuse the input, as spec §5 refuses a malformed integer.
 */
export type FieldEdit = { kind: 'set'; record: ChangeRecord } | { kind: 'unset' } | { kind: 'invalid' };

const RECORD_TYPE: Record<PropertyField['target'], ChangeRecord['type']> = {
  style: 'style',
  attribute: 'attribute',
  element: '',
};

export function recordOf(field: PropertyField, selector: string, value: string): ChangeRecord {
  return { selector, type: RECORD_TYPE[field.target], key: field.key, value };
}

/** The change record a field's new text makes for the element the selector finds. */
export function editField(field: PropertyField, selector: string, text: string): FieldEdit {
  const { input } = field;
  if (input.kind === 'integer' || input.kind === 'float') {
    const number = readNumber(input.kind, text);
    if (!number.valid) return { kind: 'invalid' };
    if (number.value === null) return { kind: 'unset' };
    return { kind: 'set', record: recordOf(field, selector, `${number.value}${input.unit}`) };
  }
  if (input.kind === 'length') {
    const length = readLength(text);
    if (length === undefined) return { kind: 'invalid' };
    return length === null ? { kind: 'unset' } : { kind: 'set', record: recordOf(field, selector, length) };
  }
  const value = input.kind === 'longText' ? text : text.trim();
  if (field.target === 'style' && value === '') return { kind: 'unset' };
  return { kind: 'set', record: recordOf(field, selector, value) };
}

/** The value a record gives the field's text box: numbers without their unit. */
export function fieldTextOf(field: PropertyField, record: ChangeRecord): string {
  const { input } = field;
  if (input.kind === 'integer' || input.kind === 'float') return record.value.replace(/px$/, '');
  return record.value;
}

/** The field's value on the page as it stands: the element's own text, class, attribute or computed style. */
export function pageValueOf(field: PropertyField, element: Element, computed: CSSStyleDeclaration): string {
  switch (field.target) {
    case 'element':
      return field.key === 'textContent' ? (element.textContent ?? '') : (element.getAttribute('class') ?? '');
    case 'attribute':
      return element.getAttribute(field.key) ?? '';
    case 'style': {
      const value = computed.getPropertyValue(dashedStyleName(field.key)).trim();
      if (field.input.kind === 'integer' || field.input.kind === 'float') return pixelsOf(value);
      // A computed length keeps its unit (a bare number would read as a factor); `normal` shows as empty.
      if (field.input.kind === 'length') return readLength(value) ?? '';
      // Browsers compute `transparent` as black with no alpha: it shows as the word people write.
      if (field.input.kind === 'color' && value.replace(/\s/g, '') === 'rgba(0,0,0,0)') return 'transparent';
      return value;
    }
  }
}
