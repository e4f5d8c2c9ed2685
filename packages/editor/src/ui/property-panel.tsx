import type { ChangeRecord } from '@tabula/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slotOf } from '../changes/history';
import { fieldsFor, type PropertyField, type PropertyGroup } from '../properties/fields';
import { fieldTextOf, pageValueOf, recordOf } from '../properties/to-record';
import type { ElementType } from '../selection/element-type';
import { PropertyInput } from './property-input';
import { Segmented } from './segmented';

interface PropertyPanelProps {
  element: Element;
  elementType: ElementType;
  selector: string;
  /** This version's records: a field shows its element's record where there is one. */
  records: readonly ChangeRecord[];
  disabled: boolean;
  onEdit(field: PropertyField, text: string): string | null;
}

const FILLS = ['solid', 'image'] as const;
type Fill = (typeof FILLS)[number];

/** Spec §2/§3: every editable property of the selected element, in the spec's groups. */
export function PropertyPanel({ element, elementType, selector, records, disabled, onEdit }: PropertyPanelProps) {
  const { t } = useTranslation();
  const computed = element.ownerDocument.defaultView!.getComputedStyle(element);
  const currentValue = (field: PropertyField) => {
    const slot = slotOf(recordOf(field, selector, ''));
    const record = records.find((candidate) => slotOf(candidate) === slot);
    return record ? fieldTextOf(field, record) : pageValueOf(field, element, computed);
  };
  const hasImage = (() => {
    const image = records.find((record) => record.selector === selector && record.key === 'backgroundImage');
    return image ? image.value !== '' : computed.getPropertyValue('background-image') !== 'none';
  })();
  const [fill, setFill] = useState<Fill>(hasImage ? 'image' : 'solid');

  const shown = (group: PropertyGroup, field: PropertyField) =>
    group !== 'background' || (fill === 'image') === (field.key === 'backgroundImage');

  return (
    <>
      {fieldsFor(element, elementType).map(([group, fields]) => (
        <details key={group} open={group !== 'boxModel'} data-group={group}>
          <summary>{t(`groups.${group}`)}</summary>
          {group === 'background' && (
            <Segmented<Fill>
              name="fill"
              options={FILLS}
              value={fill}
              label={(option) => t(`fill.${option}`)}
              onChange={setFill}
            />
          )}
          <div className={group === 'boxModel' ? 'grid' : undefined}>
            {fields
              .filter((field) => shown(group, field))
              .map((field) => (
                <PropertyInput
                  key={`${selector}:${field.key}`}
                  field={field}
                  value={currentValue(field)}
                  disabled={disabled}
                  onCommit={(text) => onEdit(field, text)}
                />
              ))}
          </div>
        </details>
      ))}
    </>
  );
}
