import { useTranslation } from 'react-i18next';
import { authorOf } from '../../../../features/evaluations/form.ts';
import type { Evaluation } from '../../../../features/evaluations/types.ts';
import { StarScore } from '../../components/StarScore.tsx';
import { openPictures } from './open-pictures.ts';
import { useFileUrl } from '../../../../app/useFileUrl.ts';

/** The pictures of an evaluation; a tap opens them full screen. */
function Pictures({ pictures }: { pictures: string[] }) {
  const { t } = useTranslation();
  const fileSrc = useFileUrl();
  if (!pictures.length) return null;
  const srcs = pictures.map(fileSrc);
  return (
    <ul className="yy-ev-pictures">
      {pictures.map((uri, i) => (
        <li key={`${uri}-${i}`}>
          <button type="button" className="yy-ev-picture" onClick={() => openPictures(srcs, i)}>
            <img
              className="yy-ev-picture-img"
              src={srcs[i]}
              alt={t('evaluations.reviews.picture', { n: i + 1 })}
              width={72}
              height={72}
              loading="lazy"
              decoding="async"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * One evaluation as users see it: author (匿名用户 when anonymous), time, overall stars, text,
 * pictures and the administrators' reply. `own` shows the user's own (anonymous flag, hidden state).
 */
export function EvaluationCard({ evaluation: e, own }: { evaluation: Evaluation; own?: boolean }) {
  const { t } = useTranslation();
  const author = authorOf(e);
  const shown = own ? e.created_user_name || e.created_user : (author ?? t('evaluations.reviews.anonymous'));
  const stars = t('evaluations.starsLabel', { label: t('evaluations.scores.composite_score'), n: e.composite_score });
  return (
    <article className="yy-ev-item">
      <header className="yy-ev-item-head">
        <span className="yy-ev-avatar" aria-hidden>
          {shown.slice(0, 1)}
        </span>
        <div className="yy-ev-item-who">
          <strong>{shown}</strong>
          <span className="yy-m-muted">{e.create_time.slice(0, 16)}</span>
        </div>
        {own && e.is_anonymous === '1' ? <span className="yy-ev-tag">{t('evaluations.mine.anonymous')}</span> : null}
      </header>
      <StarScore value={e.composite_score} label={stars} />
      {own ? (
        <dl className="yy-ev-subscores">
          {(['resources_score', 'system_score', 'service_score'] as const).map((k) => (
            <div key={k}>
              <dt>{t(`evaluations.scores.${k}`)}</dt>
              <dd>{t('evaluations.stars', { n: e[k] })}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {e.content ? <p className="yy-ev-content">{e.content}</p> : null}
      <Pictures pictures={(e.pictures ?? []).filter(Boolean)} />
      {own && e.state === '0' ? <p className="yy-m-error-text">{t('evaluations.mine.hidden')}</p> : null}
      {e.reply_content ? (
        <div className="yy-ev-reply">
          <strong>{t('evaluations.reviews.reply')}</strong>
          <p>{e.reply_content}</p>
          {e.reply_time ? <span className="yy-m-muted">{e.reply_time.slice(0, 16)}</span> : null}
        </div>
      ) : null}
    </article>
  );
}
