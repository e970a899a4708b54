import { Rate } from 'antd-mobile';
import type { KeyboardEvent } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SCORE_MAX, SCORE_MIN } from '../../../../features/evaluations/form.ts';

/**
 * One score of the form: antd-mobile's stars for touch, and a slider for the keyboard and
 * screen readers (arrow keys, Home, End), since the stars take neither focus nor keys.
 */
export function ScoreField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const onKeyDown = (e: KeyboardEvent) => {
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? Math.min(SCORE_MAX, Math.max(SCORE_MIN, value + 1))
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? Math.max(SCORE_MIN, value - 1)
          : e.key === 'Home'
            ? SCORE_MIN
            : e.key === 'End'
              ? SCORE_MAX
              : null;
    if (next === null) return;
    e.preventDefault();
    onChange(next);
  };
  return (
    <div className="yy-ev-score">
      <span className="yy-ev-score-label" id={`${id}-label`}>
        {label}
      </span>
      <div
        className="yy-ev-score-stars"
        role="slider"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-valuemin={SCORE_MIN}
        aria-valuemax={SCORE_MAX}
        aria-valuenow={value || undefined}
        aria-valuetext={value ? t('evaluations.stars', { n: value }) : t('evaluations.unrated')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={onKeyDown}
      >
        <Rate value={value} onChange={(v) => onChange(Math.round(v))} allowClear={false} aria-hidden />
      </div>
      <span className="yy-ev-score-value" aria-hidden>
        {value ? t('evaluations.stars', { n: value }) : ''}
      </span>
      {error ? (
        <p className="yy-m-error-text yy-ev-score-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Stars that only show a score (halves allowed), named for screen readers. */
export function Stars({ value, label, size = 14 }: { value: number; label: string; size?: number }) {
  return (
    <span role="img" aria-label={label} className="yy-ev-stars">
      <Rate value={value} readOnly allowHalf aria-hidden style={{ '--star-size': `${size}px` }} />
    </span>
  );
}
