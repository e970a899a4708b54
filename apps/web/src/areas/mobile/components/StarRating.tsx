import type { KeyboardEvent } from 'react';
import { useId, useRef } from 'react';
import { Star } from './Star.tsx';
import './star-rating.css';

/** The value a key moves to from `value` (0: none chosen yet), or null for keys the group leaves alone. */
function keyedValue(key: string, value: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(count, value + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(1, value - 1);
    case 'Home':
      return 1;
    case 'End':
      return count;
    default:
      return null;
  }
}

/**
 * A score of whole stars to choose: a group of native radio buttons drawn as stars. A tap on a
 * star chooses it; the keys move the choice (arrows, Home, End) without wrapping round, which
 * the browsers' own radio keys would do. Each star is named (`starLabel(n)`, e.g. "4星"), so a
 * screen reader says the chosen score and its place ("4 of 5").
 */
export function StarRating({
  value,
  onChange,
  labelledBy,
  starLabel,
  count = 5,
  invalid,
  describedBy,
}: {
  /** 0: none chosen yet. */
  value: number;
  onChange: (value: number) => void;
  /** Id of the element naming the group. */
  labelledBy: string;
  starLabel: (n: number) => string;
  count?: number;
  invalid?: boolean;
  describedBy?: string;
}) {
  const name = useId();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = keyedValue(e.key, value, count);
    if (next === null) return;
    e.preventDefault();
    inputs.current[next - 1]?.focus();
    if (next !== value) onChange(next);
  };
  return (
    <div
      role="radiogroup"
      className="yy-star-rating"
      aria-labelledby={labelledBy}
      aria-required
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
    >
      {Array.from({ length: count }, (_, i) => i + 1).map((n) => (
        <span key={n} className={n <= value ? 'yy-star yy-star-on' : 'yy-star'}>
          <input
            ref={(el) => {
              inputs.current[n - 1] = el;
            }}
            type="radio"
            className="yy-star-input"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            aria-label={starLabel(n)}
          />
          <Star />
        </span>
      ))}
    </div>
  );
}
