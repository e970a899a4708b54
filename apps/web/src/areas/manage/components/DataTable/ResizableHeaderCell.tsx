import { useRef, type KeyboardEvent, type PointerEvent, type ThHTMLAttributes } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, clampWidth } from './columnSettings.ts';

/** What DataTable passes to a resizable header cell through `onHeaderCell`. */
export interface ResizeProps {
  /** The accessible name of the handle, e.g. "调整列宽：名称". */
  resizeLabel?: string;
  /** The column's current width, if known (announced by the handle). */
  resizeWidth?: number;
  /** The width to show while dragging. */
  onResize?: (width: number) => void;
  /** The final width, to keep. */
  onResizeEnd?: (width: number) => void;
}

type Props = ThHTMLAttributes<HTMLTableCellElement> & ResizeProps;

/** Keyboard step of the resize handle, in pixels. */
const KEY_STEP = 10;

/**
 * A table header cell with a handle on its right edge: drag it with a pointer (captured, so the
 * drag continues outside the cell), or focus it and use the left and right arrow keys.
 */
export function ResizableHeaderCell({ resizeLabel, resizeWidth, onResize, onResizeEnd, children, ...rest }: Props) {
  const cell = useRef<HTMLTableCellElement>(null);
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null);
  if (!onResizeEnd) return <th {...rest}>{children}</th>;

  const currentWidth = () => cell.current?.getBoundingClientRect().width ?? MIN_COLUMN_WIDTH;
  const down = (e: PointerEvent<HTMLSpanElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    const startWidth = currentWidth();
    drag.current = { startX: e.clientX, startWidth, width: startWidth };
  };
  const move = (e: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    drag.current.width = clampWidth(drag.current.startWidth + e.clientX - drag.current.startX);
    onResize?.(drag.current.width);
  };
  const up = (e: PointerEvent<HTMLSpanElement>) => {
    if (!drag.current) return;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
    const { width } = drag.current;
    drag.current = null;
    onResizeEnd(width);
  };
  const key = (e: KeyboardEvent<HTMLSpanElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    onResizeEnd(clampWidth(currentWidth() + (e.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP)));
  };
  return (
    <th {...rest} ref={cell} className={`${rest.className ?? ''} yy-resizable-th`}>
      {children}
      <span
        role="separator"
        aria-orientation="vertical"
        aria-label={resizeLabel}
        aria-valuemin={MIN_COLUMN_WIDTH}
        aria-valuemax={MAX_COLUMN_WIDTH}
        aria-valuenow={resizeWidth}
        tabIndex={0}
        className="yy-resize-handle"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={key}
      />
    </th>
  );
}
