import type { Active, Over } from '@dnd-kit/core';
import { renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { useRuleDragAccessibility } from './use-rule-drag-accessibility';

const active = { id: 'b' } as Active;
const over = { id: 'c' } as Over;

describe('what a screen reader hears while rules are reordered', () => {
  it('names rules and places by number, in English', () => {
    const { result } = renderHook(() => useRuleDragAccessibility(['a', 'b', 'c']));
    const { announcements, screenReaderInstructions } = result.current;
    expect(screenReaderInstructions.draggable).toContain('press space or enter');
    expect(announcements.onDragStart({ active })).toBe('Picked up rule 2.');
    expect(announcements.onDragOver({ active, over })).toBe('Rule 2 is over place 3.');
    expect(announcements.onDragEnd({ active, over })).toBe('Rule 2 was dropped at place 3.');
    expect(announcements.onDragCancel({ active, over: null })).toBe(
      'Moving rule 2 was cancelled; the order is unchanged.',
    );
  });

  it.each([
    ['zh-CN', '已拿起规则 2。', '规则 2 已放到第 3 位。'],
    ['ja', 'ルール 2 を持ち上げました。', 'ルール 2 を 3 番目の位置に置きました。'],
  ])('speaks %s, dnd-kit English nowhere', async (language, started, dropped) => {
    await i18next.changeLanguage(language);
    const { result } = renderHook(() => useRuleDragAccessibility(['a', 'b', 'c']));
    const { announcements, screenReaderInstructions } = result.current;
    expect(announcements.onDragStart({ active })).toBe(started);
    expect(announcements.onDragEnd({ active, over })).toBe(dropped);
    expect(screenReaderInstructions.draggable).not.toMatch(/press|draggable/i);
  });
});
