import type { CSSProperties } from 'react';
import { Star } from './Star.tsx';
import './star-rating.css';

/**
 * Stars that only show a score (halves allowed), read as one image named by `label`
 * (e.g. "综合评分：4星（满分5星）").
 */
export function StarScore({
  value,
  label,
  size = 14,
  count = 5,
}: {
  value: number;
  label: string;
  size?: number;
  count?: number;
}) {
  return (
    <span
      role="img"
      aria-label={label}
      className="yy-star-score"
      style={{ '--yy-star-size': `${size}px` } as CSSProperties}
    >
      {Array.from({ length: count }, (_, i) => i + 1).map((n) => {
        const fill = value >= n ? ' yy-star-on' : value >= n - 0.5 ? ' yy-star-half' : '';
        return (
          <span key={n} className={`yy-star${fill}`}>
            <Star />
            {fill === ' yy-star-half' ? (
              <span className="yy-star-half-fill">
                <Star />
              </span>
            ) : null}
          </span>
        );
      })}
    </span>
  );
}
