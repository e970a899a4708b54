import { Rate } from 'antd';

/**
 * Stars that only show a score (halves allowed), read as one labelled image. antd's Rate is made
 * of radio items even when disabled; `inert` keeps them out of the focus order and the
 * accessibility tree (an image must not hold controls).
 */
export function ShownStars({ value, label, small }: { value: number; label: string; small?: boolean }) {
  return (
    <span role="img" aria-label={label} className="yy-pc-ev-stars">
      <span inert>
        <Rate disabled allowHalf value={value} aria-hidden className={small ? 'yy-pc-ev-small-rate' : undefined} />
      </span>
    </span>
  );
}
