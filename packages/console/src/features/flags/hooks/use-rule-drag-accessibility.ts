import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import { useTranslation } from 'react-i18next';

/**
 * What a screen reader hears while rules are reordered by drag and drop, in the console's language; dnd-kit's own texts
 * are English only. Rules are named as their cards are ("Rule 2"), places by their number from the top.
 */
export function useRuleDragAccessibility(ruleKeys: readonly UniqueIdentifier[]): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useTranslation('flags');
  const number = (id: UniqueIdentifier) => ruleKeys.indexOf(id) + 1;
  return {
    screenReaderInstructions: { draggable: t('rules.dragging.instructions') },
    announcements: {
      onDragStart: ({ active }) => t('rules.dragging.start', { number: number(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t('rules.dragging.over', { number: number(active.id), position: number(over.id) })
          : t('rules.dragging.outside', { number: number(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t('rules.dragging.end', { number: number(active.id), position: number(over.id) })
          : t('rules.dragging.endOutside', { number: number(active.id) }),
      onDragCancel: ({ active }) => t('rules.dragging.cancel', { number: number(active.id) }),
    },
  };
}
