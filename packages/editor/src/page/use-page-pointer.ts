import { useEffect, useRef } from 'react';
import { isElement, type PageTarget, type Point } from './page-target';

export interface PointerHandlers {
  hover(element: Element | null, point: Point): void;
  press(element: Element, point: Point): void;
  drag(point: Point): void;
  release(point: Point): void;
  /** `adding`: with Shift (or Ctrl, or ⌘) held, the element is added to what is chosen, not chosen instead. */
  click(element: Element, point: Point, adding: boolean): void;
}

/** What the page would act on: every press, click, tap and submit. Hovering only moves the highlight. */
const BLOCKED = [
  'mousedown',
  'mouseup',
  'dblclick',
  'auxclick',
  'touchstart',
  'touchend',
  'submit',
  'dragstart',
  'contextmenu',
] as const;

/**
 * In edit mode the page's own handlers and links must not fire: the editor listens first (capture phase on the
 * window) and keeps each event from the page. Events of the editor's own interface pass untouched.
 */
export function usePagePointer(
  target: PageTarget | null,
  active: boolean,
  editorHost: Element | null,
  handlers: PointerHandlers,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!target || !active) return;
    const page = target.window;
    let pressed = false;
    const fromEditor = (event: Event) => editorHost !== null && event.composedPath().includes(editorHost);
    const keep = (event: Event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
    };
    const pointAt = (event: MouseEvent): Point => ({ x: event.clientX, y: event.clientY });
    const listeners: [string, (event: Event) => void][] = [
      [
        'pointermove',
        (event) => {
          const point = pointAt(event as MouseEvent);
          if (fromEditor(event)) return latest.current.hover(null, point);
          latest.current.hover(isElement(event.target) ? event.target : null, point);
          if (pressed) latest.current.drag(point);
        },
      ],
      [
        'pointerdown',
        (event) => {
          if (fromEditor(event) || !isElement(event.target)) return;
          keep(event);
          pressed = true;
          latest.current.press(event.target, pointAt(event as MouseEvent));
        },
      ],
      [
        'pointerup',
        (event) => {
          if (fromEditor(event) || !pressed) return;
          keep(event);
          pressed = false;
          latest.current.release(pointAt(event as MouseEvent));
        },
      ],
      [
        'click',
        (event) => {
          if (fromEditor(event)) return;
          keep(event);
          const { shiftKey, ctrlKey, metaKey } = event as MouseEvent;
          if (isElement(event.target)) {
            latest.current.click(event.target, pointAt(event as MouseEvent), shiftKey || ctrlKey || metaKey);
          }
        },
      ],
      ...BLOCKED.map((type): [string, (event: Event) => void] => [type, (event) => fromEditor(event) || keep(event)]),
    ];
    for (const [type, listener] of listeners) page.addEventListener(type, listener, { capture: true });
    return () => {
      for (const [type, listener] of listeners) page.removeEventListener(type, listener, { capture: true });
      latest.current.hover(null, { x: 0, y: 0 });
    };
  }, [target, active, editorHost]);
}
