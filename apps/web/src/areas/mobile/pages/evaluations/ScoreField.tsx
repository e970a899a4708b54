import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SCORE_MAX } from '../../../../features/evaluations/form.ts';
import { StarRating } from '../../components/StarRating.tsx';

/**
 * One score of the form: five stars to tap or to move through with the keys (a radio group
 * named by the score's label), the chosen score written beside them, and its error below.
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
  return (
    <div className="yy-ev-score">
      <span className="yy-ev-score-label" id={`${id}-label`}>
        {label}
      </span>
      <StarRating
        value={value}
        onChange={onChange}
        count={SCORE_MAX}
        labelledBy={`${id}-label`}
        starLabel={(n) => t('evaluations.stars', { n })}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
      />
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
