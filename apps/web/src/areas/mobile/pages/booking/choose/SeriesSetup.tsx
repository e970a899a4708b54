import { Button, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewAppointmentSeries } from '../../../../../features/booking/api/previewAppointmentSeries.ts';
import { isoWeekday, shortOpening } from '../../../../../features/booking/dates.ts';
import { errorText } from '../../../../../features/booking/result.ts';
import {
  PERIOD_STRATEGIES,
  canCommit,
  firstSeriesDate,
  seriesProblem,
  seriesVariables,
  summariseSeries,
  type PeriodStrategy,
  type SeriesForm,
  type SeriesSummary,
} from '../../../../../features/booking/series.ts';
import type { ResourceSlot } from '../../../../../features/booking/types.ts';
import { FreeTimePicker } from './FreeTimePicker.tsx';
import { OccurrenceList } from './OccurrenceList.tsx';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];
const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1));

export interface SeriesChoice {
  form: SeriesForm;
  commit: 'all' | 'ok';
  summary: SeriesSummary;
}

/**
 * Periodic or batch setup: the rule (every day, weekly on weekdays, monthly on days, from a
 * date to a date) or the batch dates, the slots (or free period) of every date, then the
 * preview of every occurrence and the choice to book all or nothing, or only the ok ones.
 */
export function SeriesSetup({
  resourceId,
  freeTime,
  slots,
  batchDates,
  opening,
  next,
  today,
  form,
  onForm,
  onReady,
}: {
  resourceId: string;
  freeTime: boolean;
  /** The resource's fixed slots. */
  slots: readonly ResourceSlot[];
  /** The dates a batch may pick from. */
  batchDates: readonly string[];
  /** When a date not open yet opens ("YYYY-MM-DD HH:mm"); null when it is open. */
  opening: (date: string) => string | null;
  /** The first date not open yet from today, and when it opens. */
  next: { date: string; opensAt: string } | null;
  today: string;
  form: SeriesForm;
  onForm: (form: SeriesForm) => void;
  /** The previewed setup and the commit choice, or null while it is not previewed or cannot be committed. */
  onReady: (choice: SeriesChoice | null) => void;
}) {
  const { t } = useTranslation();
  const preview = usePreviewAppointmentSeries();
  const [commit, setCommit] = useState<'all' | 'ok'>('all');
  const [problem, setProblem] = useState<string | null>(null);
  const report = preview.data ?? null;
  const summary = report ? summariseSeries(report) : null;

  const change = (patch: Partial<SeriesForm>) => {
    preview.reset();
    setProblem(null);
    onReady(null);
    onForm({ ...form, ...patch });
  };

  const run = () => {
    const bad = seriesProblem(form, freeTime);
    if (bad) {
      setProblem(t(bad.key, bad.values));
      return;
    }
    setProblem(null);
    preview.mutate(
      {
        model: { resources_id: resourceId, appointment_date: firstSeriesDate(form) },
        ...seriesVariables(form, freeTime),
      },
      {
        onSuccess: (occurrences) => {
          const s = summariseSeries(occurrences);
          const choice = s.ok === s.total ? 'all' : 'ok';
          setCommit(choice);
          onReady(canCommit(s, choice) ? { form, commit: choice, summary: s } : null);
        },
      },
    );
  };

  const choose = (value: 'all' | 'ok') => {
    setCommit(value);
    onReady(summary && canCommit(summary, value) ? { form, commit: value, summary } : null);
  };

  return (
    <div>
      {form.mode === 'periodic' ? (
        <>
          <h3 className="yy-m-field-label">{t('booking.series.repeat')}</h3>
          <Selector
            columns={3}
            options={PERIOD_STRATEGIES.map((s) => ({ label: t(`booking.series.strategy.${s}`), value: s }))}
            value={[form.strategy]}
            onChange={(v) => v[0] && change({ strategy: v[0] as PeriodStrategy })}
          />
          {form.strategy === '2' && (
            <>
              <h3 className="yy-m-field-label">{t('booking.series.weekdays')}</h3>
              <Selector
                columns={4}
                multiple
                options={WEEKDAYS.map((d) => ({ label: t(`booking.weekdayShort.${d}`), value: d }))}
                value={form.weekdays}
                onChange={(v) => change({ weekdays: v })}
              />
            </>
          )}
          {form.strategy === '3' && (
            <>
              <h3 className="yy-m-field-label">{t('booking.series.monthDays')}</h3>
              <Selector
                columns={7}
                multiple
                options={MONTH_DAYS.map((d) => ({ label: d, value: d }))}
                value={form.monthDays}
                onChange={(v) => change({ monthDays: v })}
              />
            </>
          )}
          <h3 className="yy-m-field-label">{t('booking.series.range')}</h3>
          <div className="yy-m-date-inputs">
            <label>
              <span className="yy-m-muted">{t('booking.series.from')}</span>
              <input
                type="date"
                min={today}
                value={form.startDate}
                aria-label={t('booking.series.from')}
                onChange={(e) => change({ startDate: e.target.value })}
              />
            </label>
            <label>
              <span className="yy-m-muted">{t('booking.series.to')}</span>
              <input
                type="date"
                min={form.startDate || today}
                value={form.endDate}
                aria-label={t('booking.series.to')}
                onChange={(e) => change({ endDate: e.target.value })}
              />
            </label>
          </div>
          {next && (!form.endDate || form.endDate >= next.date) && (
            <p className="yy-m-opening-note" role="note">
              {t('booking.series.notOpenFrom', { date: next.date, time: shortOpening(next.opensAt, today) })}
            </p>
          )}
        </>
      ) : (
        <>
          <h3 className="yy-m-field-label">{t('booking.series.dates')}</h3>
          <Selector
            columns={4}
            multiple
            options={batchDates.map((d) => {
              const opensAt = opening(d);
              return {
                label: `${d.slice(5)} ${t(`booking.weekdayShort.${isoWeekday(d)}`)}`,
                value: d,
                disabled: Boolean(opensAt),
                description: opensAt
                  ? t('booking.choose.opensShort', { time: shortOpening(opensAt, today) })
                  : undefined,
              };
            })}
            value={form.dates}
            onChange={(v) => change({ dates: v })}
          />
        </>
      )}
      <h3 className="yy-m-field-label">{freeTime ? t('booking.series.time') : t('booking.series.slots')}</h3>
      {freeTime ? (
        <FreeTimePicker
          start={form.startTime}
          end={form.endTime}
          onChange={({ start, end }) => change({ startTime: start, endTime: end })}
        />
      ) : (
        <Selector
          className="yy-m-series-slots"
          columns={3}
          multiple
          options={[...slots]
            .sort((a, b) => a.kssj.localeCompare(b.kssj))
            .map((s) => ({ label: `${s.kssj}-${s.jssj}`, value: s.id }))}
          value={form.slotIds}
          onChange={(v) => change({ slotIds: v })}
        />
      )}
      {problem && (
        <p className="yy-m-error-text" role="alert">
          {problem}
        </p>
      )}
      <Button block color="primary" fill="outline" style={{ marginTop: 14 }} loading={preview.isPending} onClick={run}>
        {t('booking.series.preview')}
      </Button>
      {preview.error && (
        <p className="yy-m-error-text" role="alert">
          {errorText(preview.error)}
        </p>
      )}
      {report && summary && (
        <section aria-labelledby="yy-m-series-preview" style={{ marginTop: 14 }}>
          <h3 id="yy-m-series-preview" className="yy-m-field-label">
            {t('booking.series.previewTitle')}
          </h3>
          <p className="yy-m-series-summary" role="status">
            {t('booking.series.summary', { total: summary.total, ok: summary.ok, bad: summary.total - summary.ok })}
          </p>
          <OccurrenceList occurrences={report} />
          <fieldset className="yy-m-commit">
            <legend className="yy-m-visually-hidden">{t('booking.series.commitLegend')}</legend>
            <label className="yy-m-choice">
              <input
                type="radio"
                name="yy-m-commit"
                value="all"
                checked={commit === 'all'}
                onChange={() => choose('all')}
              />
              <span>{t('booking.series.commitAll')}</span>
            </label>
            <label className="yy-m-choice">
              <input
                type="radio"
                name="yy-m-commit"
                value="ok"
                checked={commit === 'ok'}
                onChange={() => choose('ok')}
              />
              <span>{t('booking.series.commitOk', { n: summary.ok })}</span>
            </label>
          </fieldset>
          {!canCommit(summary, commit) && (
            <p className="yy-m-error-text" role="alert">
              {summary.ok === 0 ? t('booking.series.noneOk') : t('booking.series.allNeedsAllOk')}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
