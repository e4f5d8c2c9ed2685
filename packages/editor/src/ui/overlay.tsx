import { useEffect, useRef } from 'react';
import type { DropSide } from '../move/placement';
import { type PageTarget, type Point, viewportOffset } from '../page/page-target';

/** `match`: an element the selector finds besides those chosen. */
export type BoxKind = 'hover' | 'selected' | 'match' | 'target' | 'ghost';

export interface OverlayBox {
  element: Element;
  kind: BoxKind;
  /** A dragged element's box follows the pointer. */
  shift?: Point;
  /** A reorder target shows the side the element will go to. */
  side?: DropSide;
}

const LINE = 3;

function place(node: HTMLElement, box: OverlayBox, offset: Point, lineNode: HTMLElement | null): void {
  const rect = box.element.getBoundingClientRect();
  const left = rect.left + offset.x + (box.shift?.x ?? 0);
  const top = rect.top + offset.y + (box.shift?.y ?? 0);
  Object.assign(node.style, {
    left: `${left}px`,
    top: `${top}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  if (!lineNode || !box.side) return;
  const vertical = box.side === 'left' || box.side === 'right';
  Object.assign(lineNode.style, {
    left: `${box.side === 'right' ? left + rect.width - LINE : left}px`,
    top: `${box.side === 'bottom' ? top + rect.height - LINE : top}px`,
    width: `${vertical ? LINE : rect.width}px`,
    height: `${vertical ? rect.height : LINE}px`,
  });
}

/**
 * Outlines over the page: what the pointer is on, what is selected, where a moved element goes. Drawn in the editor's
 * shadow root, never in the page, and kept on their elements every frame, as the page scrolls, reflows or animates.
 */
export function Overlay({ target, boxes }: { target: PageTarget; boxes: OverlayBox[] }) {
  const nodes = useRef<(HTMLDivElement | null)[]>([]);
  const lines = useRef<(HTMLDivElement | null)[]>([]);
  const latest = useRef(boxes);
  latest.current = boxes;

  useEffect(() => {
    let frame = 0;
    const follow = () => {
      const offset = viewportOffset(target);
      latest.current.forEach((box, index) => {
        const node = nodes.current[index];
        if (node && box.element.isConnected) place(node, box, offset, lines.current[index] ?? null);
      });
      frame = requestAnimationFrame(follow);
    };
    follow();
    return () => cancelAnimationFrame(frame);
  }, [target]);

  return (
    <>
      {boxes.map((box, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: boxes are placed by index each frame, not by identity
        <div key={index} data-overlay={box.kind}>
          <div
            className={`box ${box.kind}`}
            ref={(node) => {
              nodes.current[index] = node;
            }}
          />
          {box.side && (
            <div
              className="box line"
              ref={(node) => {
                lines.current[index] = node;
              }}
            />
          )}
        </div>
      ))}
    </>
  );
}
