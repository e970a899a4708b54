import { Rate } from 'antd';

/** Stars that only show a score (halves allowed), read as one labelled image. */
export function ShownStars({ value, label, small }: { value: number; label: string; small?: boolean }) {
  return (
    <span role="img" aria-label={label} className="yy-pc-ev-stars">
      <Rate disabled allowHalf value={value} aria-hidden className={small ? 'yy-pc-ev-small-rate' : undefined} />
    </span>
  );
}
