import { Button, Skeleton, Tag } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NoticeContent } from '../../../../../components/NoticeContent.tsx';
import { useBookableResource } from '../../../../../features/booking/api/findResources.ts';
import type { BookableResourceDetail } from '../../../../../features/booking/types.ts';
import {
  useFindInstructionAll,
  type Instruction,
} from '../../../../../features/instructions/api/findInstructionAll.ts';
import {
  useIsFavourite,
  useSetFavourite,
} from '../../../../../features/evaluations/api/findResourcesLikeAllForAccount.ts';
import { errorText } from '../../../../../features/booking/result.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../../components/LoadState.tsx';
import { showToast } from '../../../components/overlay.ts';
import { PageNav } from '../../../components/PageNav.tsx';
import { ReviewsEntry } from '../../evaluations/ReviewsEntry.tsx';
import { SignCodeBanner } from '../../../../../features/checkin/components/SignCodeBanner.tsx';
import { useSignCodeFromUrl } from '../../../../../features/checkin/useSignCodeFromUrl.ts';
import { mobilePaths } from '../../../paths.ts';
import '../booking.css';

const sheets = () => import('./Sheets.tsx');
const PanoramaViewer = lazy(() => sheets().then((m) => ({ default: m.PanoramaViewer })));
const PictureViewer = lazy(() => sheets().then((m) => ({ default: m.PictureViewer })));
const InstructionSheet = lazy(() => sheets().then((m) => ({ default: m.InstructionSheet })));

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];

function Pictures({ resource }: { resource: BookableResourceDetail }) {
  const { t } = useTranslation();
  const [panorama, setPanorama] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const images = resource.resourcesImage ?? [];
  const pictures = images.filter((i) => i.image_category !== '2').map((i) => i.uri);
  const panoramas = images.filter((i) => i.image_category === '2').map((i) => i.uri);
  const name = pick(resource.resources_name, resource.resources_name_en);
  return (
    <div className={pictures.length ? 'yy-m-venue-hero' : 'yy-m-venue-hero yy-m-venue-hero-empty'}>
      {pictures.length ? (
        <div className="yy-m-gallery" role="list" aria-label={t('booking.venue.pictures')}>
          {pictures.map((uri, i) => (
            <button key={uri} type="button" role="listitem" className="yy-m-gallery-item" onClick={() => setViewing(i)}>
              <img src={uri} alt={t('booking.venue.pictureN', { n: i + 1, name })} loading={i ? 'lazy' : 'eager'} />
              {pictures.length > 1 && (
                <span className="yy-m-gallery-count" aria-hidden>
                  {i + 1}/{pictures.length}
                </span>
              )}
            </button>
          ))}
        </div>
      ) : (
        <span aria-hidden>{name.slice(0, 1)}</span>
      )}
      {panoramas.length > 0 && (
        <Button
          className="yy-m-panorama-button"
          size="small"
          shape="rounded"
          onClick={() => setPanorama(panoramas[0]!)}
        >
          {t('booking.venue.panorama')}
        </Button>
      )}
      <Suspense fallback={null}>
        {panorama && <PanoramaViewer uri={panorama} onClose={() => setPanorama(null)} />}
        {viewing !== null && <PictureViewer images={pictures} index={viewing} onClose={() => setViewing(null)} />}
      </Suspense>
    </div>
  );
}

/** What the venue offers and its rules, as a definition list. */
function Facts({ resource }: { resource: BookableResourceDetail }) {
  const { t } = useTranslation();
  const where = [
    pick(resource.campus_name, resource.campus_name_en),
    pick(resource.building_name, resource.building_name_en),
    pick(resource.floor_name, resource.floor_name_en),
  ].filter(Boolean);
  const slots = [...(resource.resourcesTimeSlot ?? [])].sort((a, b) => a.kssj.localeCompare(b.kssj));
  const weekdays = new Set((resource.resourcesWeek ?? []).map((w) => w.zj));
  const facilities = resource.resourcesExtendedPropertiesList ?? [];
  const attributes = (resource.resourcesCustomAttributeContentList ?? []).filter(
    (a) => a.is_detail_display === '1' && a.is_enable !== '0' && a.attribute_content,
  );
  const freeTime = resource.time_slot_rule === '2';
  const minutes = resource.resourcesConfig;
  const depts = [resource.admin_dept_name, ...(resource.resourcesCooperativeDeptList ?? []).map((d) => d.dept_name)]
    .filter(Boolean)
    .join('、');
  return (
    <dl className="yy-m-info">
      {where.length > 0 && (
        <>
          <dt>{t('booking.venue.location')}</dt>
          <dd>{where.join(' · ')}</dd>
        </>
      )}
      {resource.resources_number && (
        <>
          <dt>{t('booking.venue.number')}</dt>
          <dd>{resource.resources_number}</dd>
        </>
      )}
      {resource.capacity ? (
        <>
          <dt>{t('booking.venue.capacity')}</dt>
          <dd>{t('booking.capacityOf', { n: resource.capacity })}</dd>
        </>
      ) : null}
      <dt>{t('booking.venue.window')}</dt>
      <dd>
        {resource.appointment_date_rule === '1' || !resource.appointment_date_rule
          ? resource.days_rule_refresh_time && resource.days_rule_refresh_time !== '00:00'
            ? t('booking.venue.daysAheadAt', {
                n: resource.appointment_date_days ?? 0,
                time: resource.days_rule_refresh_time,
              })
            : t('booking.venue.daysAhead', { n: resource.appointment_date_days ?? 0 })
          : t('booking.venue.datesOnly')}
      </dd>
      {weekdays.size > 0 && weekdays.size < 7 && (
        <>
          <dt>{t('booking.venue.weekdays')}</dt>
          <dd>
            {WEEKDAYS.filter((d) => weekdays.has(d))
              .map((d) => t(`booking.weekday.${d}`))
              .join('、')}
          </dd>
        </>
      )}
      <dt>{t('booking.venue.slots')}</dt>
      <dd>
        {freeTime ? (
          minutes?.pertimeslot_min_minutes || minutes?.pertimeslot_max_minutes ? (
            t('booking.venue.freeTimeBetween', {
              min: minutes?.pertimeslot_min_minutes ?? 0,
              max: minutes?.pertimeslot_max_minutes ?? 0,
            })
          ) : (
            t('booking.venue.freeTime')
          )
        ) : slots.length ? (
          <span className="yy-m-slot-chips">
            {slots.map((s) => (
              <Tag key={s.id} fill="outline" color="primary">
                {s.kssj}-{s.jssj}
              </Tag>
            ))}
          </span>
        ) : (
          t('booking.venue.noSlots')
        )}
      </dd>
      {(resource.noReservationTimeSlotList ?? []).length > 0 && (
        <>
          <dt>{t('booking.venue.closedToday')}</dt>
          <dd>
            {(resource.noReservationTimeSlotList ?? [])
              .map((c) => `${c.start_time}-${c.end_time} ${pick(c.reason_cn, c.reason_en)}`.trim())
              .join('；')}
          </dd>
        </>
      )}
      {resource.min_interval_minutes_cancel ? (
        <>
          <dt>{t('booking.venue.cancelRule')}</dt>
          <dd>{t('booking.venue.cancelBefore', { n: resource.min_interval_minutes_cancel })}</dd>
        </>
      ) : null}
      {depts && (
        <>
          <dt>{t('booking.venue.managedBy')}</dt>
          <dd>{depts}</dd>
        </>
      )}
      {facilities.length > 0 && (
        <>
          <dt>{t('booking.venue.facilities')}</dt>
          <dd>{facilities.map((f) => f.item_name).join('、')}</dd>
        </>
      )}
      {attributes.map((a) => (
        <div key={a.id} style={{ display: 'contents' }}>
          <dt>{pick(a.field_desc_cn, a.field_desc_en) || a.field_name}</dt>
          <dd>{a.attribute_content}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Venue information (`/mobile/venueDetail/{id}`): pictures and panorama, facts and rules, the
 * description, the booking instructions and the must-read checkbox before booking.
 */
export default function VenueDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const resource = useBookableResource(id);
  // Opened from the venue's printed QR code (?signCode=...): checks the user in.
  const signCode = useSignCodeFromUrl({ goToSignedPage: true });
  const instructions = useFindInstructionAll({ state: { eq: 'published' } });
  const [read, setRead] = useState(false);
  const [open, setOpen] = useState<Instruction | null>(null);
  const favourite = useIsFavourite(id);
  const setFavourite = useSetFavourite();
  const isFavourite = favourite.data === true;
  const toggleFavourite = () =>
    setFavourite.mutate(
      { resourceId: id!, favourite: !isFavourite },
      {
        onSuccess: () =>
          void showToast(isFavourite ? t('booking.favourite.removed') : t('booking.favourite.added'), 'success'),
        onError: (err) => void showToast(errorText(err), 'fail'),
      },
    );
  const r = resource.data;

  const book = () => {
    if (!read) {
      void showToast(t('booking.venue.mustRead'));
      return;
    }
    navigate(mobilePaths.chooseDate(id!));
  };

  return (
    <div className="yy-m-page yy-m-page-with-bar">
      <PageNav
        title={r ? pick(r.resources_name, r.resources_name_en) : t('route.mobile.venueDetail')}
        fallback={mobilePaths.search}
      />
      <SignCodeBanner state={signCode} />
      {resource.isPending ? (
        <div className="yy-m-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : resource.error ? (
        <LoadFailed error={resource.error} onRetry={() => void resource.refetch()} />
      ) : !r ? (
        <Empty title={t('booking.venue.notFound')} />
      ) : (
        <>
          <Pictures resource={r} />
          <section className="yy-m-card">
            <h1 className="yy-m-venue-title">{pick(r.resources_name, r.resources_name_en)}</h1>
            <div className="yy-m-venue-tags">
              <Tag color="primary" fill="outline">
                {pick(r.resources_type_name, r.resources_type_name_en)}
              </Tag>
              {r.need_approve === '1' && (
                <Tag color="warning" fill="outline">
                  {t('booking.needApprove')}
                </Tag>
              )}
              {r.state !== 1 && (
                <Tag color="default" fill="outline">
                  {t('booking.venue.disabled')}
                </Tag>
              )}
            </div>
            <ReviewsEntry resource={r} />
          </section>
          <section className="yy-m-card" aria-labelledby="yy-m-venue-facts">
            <h2 id="yy-m-venue-facts">{t('booking.venue.facts')}</h2>
            <Facts resource={r} />
          </section>
          {r.hide_resources_detail !== '1' && pick(r.describe, r.describe_en) && (
            <section className="yy-m-card" aria-labelledby="yy-m-venue-about">
              <h2 id="yy-m-venue-about">{t('booking.venue.about')}</h2>
              <NoticeContent html={pick(r.describe, r.describe_en)} />
            </section>
          )}
          <section className="yy-m-card" aria-labelledby="yy-m-venue-rules">
            <h2 id="yy-m-venue-rules">{t('booking.venue.instructions')}</h2>
            {instructions.isPending ? (
              <Skeleton.Paragraph lineCount={2} animated />
            ) : instructions.error ? (
              <LoadFailed error={instructions.error} onRetry={() => void instructions.refetch()} />
            ) : (instructions.data ?? []).length === 0 ? (
              <p className="yy-m-muted">{t('booking.venue.noInstructions')}</p>
            ) : (
              (instructions.data ?? []).map((ins) => (
                <button key={ins.id} type="button" className="yy-m-instruction-link" onClick={() => setOpen(ins)}>
                  {pick(ins.title, ins.title_en)}
                </button>
              ))
            )}
            {pick(r.min_interval_minutes_prompt, r.min_interval_minutes_prompt_en) && (
              <p className="yy-m-muted" style={{ marginTop: 8 }}>
                {pick(r.min_interval_minutes_prompt, r.min_interval_minutes_prompt_en)}
              </p>
            )}
            <div className="yy-m-read-check">
              <label className="yy-m-choice">
                <input type="checkbox" checked={read} onChange={(e) => setRead(e.target.checked)} />
                <span>{t('booking.venue.readAndAgree')}</span>
              </label>
            </div>
          </section>
          <div className="yy-m-bottom-bar">
            <button
              type="button"
              className={isFavourite ? 'yy-m-fav yy-m-fav-on' : 'yy-m-fav'}
              aria-pressed={isFavourite}
              disabled={favourite.isPending}
              onClick={toggleFavourite}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden>
                <path
                  d="M12 20.5 4.6 13.4A4.9 4.9 0 0 1 12 6.9a4.9 4.9 0 0 1 7.4 6.5z"
                  fill={isFavourite ? 'currentColor' : 'none'}
                  stroke="currentColor"
                  strokeWidth="1.8"
                />
              </svg>
              <span>{isFavourite ? t('booking.favourite.on') : t('booking.favourite.off')}</span>
            </button>
            <Button color="primary" size="large" disabled={r.state !== 1} onClick={book}>
              {t('booking.venue.book')}
            </Button>
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {open && (
          <InstructionSheet
            instruction={open}
            onClose={() => setOpen(null)}
            onRead={() => {
              setRead(true);
              setOpen(null);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
