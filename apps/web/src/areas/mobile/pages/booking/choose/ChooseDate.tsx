import { Button, Skeleton } from 'antd-mobile';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { checkResourceTimeSlotCapacity } from '../../../../../features/booking/api/checkResourceTimeSlotCapacity.ts';
import { useBookableResource } from '../../../../../features/booking/api/findResources.ts';
import { useResourcesAllByAccount } from '../../../../../features/booking/api/findResourcesAllByAccount.ts';
import { useResourceSlotAvailability } from '../../../../../features/booking/api/findResourceSlotAvailability.ts';
import { useBallotDateInfo } from '../../../../../features/booking/api/findBallotDateInfo.ts';
import { ballotSlots } from '../../../../../features/booking/ballot.ts';
import { BallotNotice } from '../../../../../features/booking/Ballot.tsx';
import { dateChoices, nextOpening, notOpenUntil, todayIso } from '../../../../../features/booking/dates.ts';
import { useNow } from '../../../../../features/checkin/components/useNow.ts';
import {
  loadDraft,
  normalChoiceText,
  saveDraft,
  seriesCount,
  type BookingDraft,
} from '../../../../../features/booking/draft.ts';
import { AllowanceNote } from '../../../../../features/booking/AllowanceNote.tsx';
import { errorText } from '../../../../../features/booking/result.ts';
import { emptySeriesForm, type SeriesForm } from '../../../../../features/booking/series.ts';
import { freeTimeLimits, freeTimeProblem, selectedSlots, toggleSlot } from '../../../../../features/booking/slots.ts';
import type { BookableResourceDetail, ClosedPeriod } from '../../../../../features/booking/types.ts';
import { useResourcesTypeAllByAccount } from '../../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { currentLanguage, pick } from '../../../../../lib/i18n.ts';
import { Empty, LoadFailed, Loading } from '../../../components/LoadState.tsx';
import { showAlert } from '../../../components/overlay.ts';
import { PageNav } from '../../../components/PageNav.tsx';
import { Segments } from '../../../components/Segments.tsx';
import { mobilePaths } from '../../../paths.ts';
import { DateStrip } from './DateStrip.tsx';
import { FreeTimePicker } from './FreeTimePicker.tsx';
import type { SeriesChoice } from './SeriesSetup.tsx';
import { SlotPicker } from './SlotPicker.tsx';
import '../booking.css';

const SeriesSetup = lazy(() => import('./SeriesSetup.tsx').then((m) => ({ default: m.SeriesSetup })));

type Mode = BookingDraft['mode'];

/** The modes the resource's type allows: normal unless switched off, periodic and batch when on. */
function useModes(typeId: string | undefined): Mode[] {
  const types = useResourcesTypeAllByAccount();
  const type = types.data?.find((ty) => ty.id === typeId);
  const modes: Mode[] = [];
  if (!type || type.common_enable !== '0') modes.push('normal');
  if (type?.cyclicity_enable === '1') modes.push('periodic');
  if (type?.batch_enable === '1') modes.push('batch');
  return modes.length ? modes : ['normal'];
}

/** Closed periods of one date of a free-time resource. */
function useClosedPeriods(resourceId: string, date: string, enabled: boolean) {
  const query = useResourcesAllByAccount({ bookDate: date, filter: { id: { eq: resourceId } } }, enabled);
  return query.data?.[0]?.noReservationTimeSlotList ?? [];
}

function NormalChoice({
  resource,
  dates,
  date,
  closed,
  draft,
  onDraft,
  opening,
  upcoming,
}: {
  resource: BookableResourceDetail;
  dates: readonly string[];
  date: string;
  closed: readonly ClosedPeriod[];
  draft: BookingDraft;
  onDraft: (draft: BookingDraft) => void;
  /** When a date not open yet opens ("YYYY-MM-DD HH:mm"); null when it is open. */
  opening: (date: string) => string | null;
  /** The first date not open yet, whose ballot window (if it has one) is told before it opens. */
  upcoming: string | null;
}) {
  const { t } = useTranslation();
  const freeTime = resource.time_slot_rule === '2';
  const slots = useResourceSlotAvailability(freeTime ? null : resource.id, date);
  // a date released by ballot: its phase, the user's entries; and the next date's window before it opens
  const ballot = useBallotDateInfo(resource.id, date);
  const nextBallot = useBallotDateInfo(resource.id, upcoming);
  const limits = freeTimeLimits(resource);
  if (!dates.length) return <Empty title={t('booking.choose.noDates')} />;
  return (
    <>
      <DateStrip
        dates={dates}
        value={date}
        opening={opening}
        onChange={(d) => onDraft({ ...draft, date: d, slots: [] })}
      />
      {nextBallot.data?.phase === 'not_open' && (
        <div className="yy-m-ballot-upcoming">
          <span className="yy-m-muted">{upcoming}</span>
          <BallotNotice info={nextBallot.data} />
        </div>
      )}
      <section className="yy-m-card" aria-label={t('booking.choose.time')}>
        {date && <BallotNotice info={ballot.data} />}
        {!date ? (
          <Empty title={t('booking.choose.noDates')} />
        ) : freeTime ? (
          <FreeTimePicker
            start={draft.startTime}
            end={draft.endTime}
            closed={closed}
            limits={limits}
            onChange={({ start, end }) => onDraft({ ...draft, date, startTime: start, endTime: end })}
          />
        ) : slots.isPending ? (
          <Skeleton.Paragraph lineCount={4} animated />
        ) : slots.error ? (
          <LoadFailed error={slots.error} onRetry={() => void slots.refetch()} />
        ) : (slots.data ?? []).length === 0 ? (
          <Empty title={t('booking.choose.noSlots')} />
        ) : (
          <SlotPicker
            slots={slots.data ?? []}
            selected={draft.slots.map((s) => s.id)}
            ballot={ballotSlots(ballot.data)}
            onToggle={(slot) => {
              const ids = toggleSlot(
                draft.slots.map((s) => s.id),
                slot.id,
              );
              onDraft({
                ...draft,
                date,
                slots: selectedSlots(slots.data ?? [], ids).map(({ id, kssj, jssj }) => ({ id, kssj, jssj })),
              });
            }}
          />
        )}
        {date && (
          <AllowanceNote
            resourceId={resource.id}
            date={date}
            typeName={pick(resource.resources_type_name, resource.resources_type_name_en)}
          />
        )}
      </section>
    </>
  );
}

/**
 * Date and time choice (`/mobile/chooseDate/{id}`): normal mode shows the dates open for
 * booking and the day's slots in their five states (or a free period); periodic and batch
 * modes set up a series and preview every occurrence. "Next" checks the choice with the
 * server, then goes to the application form.
 */
export default function ChooseDate() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const lang = currentLanguage();
  const resource = useBookableResource(id);
  const r = resource.data;
  const modes = useModes(r?.resources_type_id);
  const today = todayIso();
  const [draft, setDraft] = useState<BookingDraft>(
    () =>
      loadDraft(id) ?? {
        resourceId: id,
        mode: 'normal',
        date: today,
        slots: [],
        startTime: '',
        endTime: '',
        series: null,
        seriesCommit: 'all',
        summary: null,
      },
  );
  const [series, setSeries] = useState<SeriesForm | null>(draft.series);
  const [choice, setChoice] = useState<SeriesChoice | null>(null);
  const [checking, setChecking] = useState(false);
  const mode = modes.includes(draft.mode) ? draft.mode : modes[0]!;
  const freeTime = r?.time_slot_rule === '2';
  const batchDates = useMemo(() => (r ? dateChoices(r, today) : []), [r, today]);
  // A date opens at its refresh time while the page may be open: read the clock each minute.
  const now = useNow(60_000);
  const opening = (d: string) => (r ? notOpenUntil(d, r, now) : null);
  const openDates = batchDates.filter((d) => !opening(d));
  const date = openDates.includes(draft.date) ? draft.date : (openDates[0] ?? '');
  const closed = useClosedPeriods(id, date, freeTime && Boolean(date));
  const seriesForm =
    series && series.mode === mode ? series : emptySeriesForm(mode === 'batch' ? 'batch' : 'periodic', today);

  const refuse = (content: string) => showAlert({ content, confirmText: t('booking.ok') });

  const next = async () => {
    if (!r) return;
    if (mode !== 'normal') {
      if (!choice) return;
      const saved: BookingDraft = {
        ...draft,
        mode,
        series: choice.form,
        seriesCommit: choice.commit,
        summary: choice.summary,
      };
      saveDraft(saved);
      navigate(mobilePaths.applicationForm(id));
      return;
    }
    if (freeTime) {
      const bad = freeTimeProblem(draft.startTime, draft.endTime, freeTimeLimits(r), closed, lang);
      if (bad) {
        void refuse(t(bad.key, bad.values));
        return;
      }
    } else if (draft.slots.length === 0) {
      void refuse(t('booking.choose.pickSlot'));
      return;
    }
    setChecking(true);
    try {
      await checkResourceTimeSlotCapacity({
        resourceId: id,
        bookDate: date,
        ...(freeTime
          ? { bookStartTime: draft.startTime, bookEndTime: draft.endTime }
          : { timeSlotIdList: draft.slots.map((s) => s.id) }),
      });
      saveDraft({ ...draft, date, mode: 'normal', series: null, summary: null });
      navigate(mobilePaths.applicationForm(id));
    } catch (err) {
      void refuse(errorText(err));
    } finally {
      setChecking(false);
    }
  };

  const summary =
    mode === 'normal'
      ? normalChoiceText(draft, freeTime, date)
      : choice
        ? t('booking.series.chosen', { n: seriesCount(choice.summary, choice.commit) })
        : '';

  return (
    <div className="yy-m-page yy-m-page-with-bar">
      <PageNav title={t('route.mobile.chooseDate')} fallback={mobilePaths.venueDetail(id)} />
      {resource.isPending ? (
        <Loading />
      ) : resource.error ? (
        <LoadFailed error={resource.error} onRetry={() => void resource.refetch()} />
      ) : !r ? (
        <Empty title={t('booking.venue.notFound')} />
      ) : (
        <>
          <div className="yy-m-modes">
            <p className="yy-m-muted" style={{ marginBottom: 8 }}>
              {pick(r.resources_name, r.resources_name_en)}
            </p>
            {modes.length > 1 && (
              <Segments<Mode>
                label={t('booking.choose.mode')}
                value={mode}
                options={modes.map((m) => ({ label: t(`booking.mode.${m}`), value: m }))}
                onChange={(v) => {
                  setChoice(null);
                  setDraft({ ...draft, mode: v });
                }}
              />
            )}
          </div>
          {mode === 'normal' ? (
            <NormalChoice
              resource={r}
              dates={batchDates}
              date={date}
              closed={closed}
              draft={draft}
              onDraft={setDraft}
              opening={opening}
              upcoming={r ? (nextOpening(r, today, now)?.date ?? null) : null}
            />
          ) : (
            <section className="yy-m-card" aria-label={t(`booking.mode.${mode}`)}>
              <Suspense fallback={<Loading />}>
                <SeriesSetup
                  key={mode}
                  resourceId={id}
                  freeTime={freeTime}
                  slots={r.resourcesTimeSlot ?? []}
                  batchDates={batchDates}
                  opening={opening}
                  next={r ? nextOpening(r, today, now) : null}
                  today={today}
                  form={seriesForm}
                  onForm={setSeries}
                  onReady={setChoice}
                />
              </Suspense>
            </section>
          )}
          <div className="yy-m-bottom-bar">
            <div className="yy-m-bottom-bar-summary" aria-live="polite">
              {summary ? (
                <>
                  <span>{t('booking.choose.chosen')}</span>
                  <strong>{summary}</strong>
                </>
              ) : (
                <span>{mode === 'normal' ? t('booking.choose.nothingChosen') : t('booking.series.previewFirst')}</span>
              )}
            </div>
            <Button
              color="primary"
              loading={checking}
              disabled={mode === 'normal' ? !summary : !choice}
              onClick={() => void next()}
            >
              {t('booking.next')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
