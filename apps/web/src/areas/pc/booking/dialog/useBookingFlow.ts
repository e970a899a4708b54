import { Form } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { checkResourceTimeSlotCapacity } from '../../../../features/booking/api/checkResourceTimeSlotCapacity.ts';
import { usePreviewAppointmentSeries } from '../../../../features/booking/api/previewAppointmentSeries.ts';
import { useBallotDateInfo } from '../../../../features/booking/api/findBallotDateInfo.ts';
import { entersBallot } from '../../../../features/booking/ballot.ts';
import { addDays, isoWeekday, nextOpening, notOpenUntil, todayIso } from '../../../../features/booking/dates.ts';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { emptyApplication, type ApplicationValues, type AttachmentValue } from '../../../../features/booking/form.ts';
import { emptySeriesForm, type SeriesForm } from '../../../../features/booking/series.ts';
import { errorText } from '../../../../features/booking/result.ts';
import type { SeriesOccurrence } from '../../../../features/booking/types.ts';
import { findCollectionConfigAllQueryOptions } from '../../../../features/collection-config/api/findCollectionConfigAll.ts';
import { findInstructionAllQueryOptions } from '../../../../features/instructions/api/findInstructionAll.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { normalChoiceProblem, requestVariables, type BookingMode, type TimeSelection } from '../bookingRequest.ts';
import { freeBoundsOf, type ResourceForBooking } from '../resourceForBooking.ts';
import { checkBookingForm, type RawFormValues } from './BookingForm.tsx';
import { previewCounts } from './SeriesPreview.tsx';
import { NO_PERIOD, type FreePeriod } from './TimeFields.tsx';
import { useBookingSubmit } from './useBookingSubmit.ts';

export type BookingStep = 0 | 1 | 2;

/**
 * The booking dialog's state and its moves between steps (spec 2.6): the modes the resource's
 * type offers, the time chosen (a date with slots or a period, or a periodic or batch rule with
 * its preview), the form's values, and the submission. Each step's check runs here: the time is
 * checked locally and then by the server (normal) or previewed (series); the form by its rules.
 */
export function useBookingFlow({
  resource,
  initialDate,
  initialSlotIds,
}: {
  resource: ResourceForBooking;
  initialDate?: string;
  initialSlotIds?: readonly string[];
}) {
  const { t } = useTranslation();
  const today = todayIso();
  const freeTime = resource.time_slot_rule === '2';
  const bounds = freeBoundsOf(resource);
  const slots = resource.resourcesTimeSlot ?? [];
  const types = useResourcesTypeAllByAccount();
  // A date opens at its refresh time while the dialog may be open: read the clock each minute.
  const now = useNow(60_000);
  const opening = (iso: string) => notOpenUntil(iso, resource, now);
  const next = nextOpening(resource, today, now);
  const type = types.data?.find((ty) => ty.id === resource.resources_type_id);
  const modes = useMemo<BookingMode[]>(() => {
    const m: BookingMode[] = [];
    if (type?.common_enable !== '0') m.push('normal');
    if (type?.cyclicity_enable === '1') m.push('periodic');
    if (type?.batch_enable === '1') m.push('batch');
    return m.length ? m : ['normal'];
  }, [type]);
  const fields = useQuery({
    ...findCollectionConfigAllQueryOptions({ resource_type_id: { eq: resource.resources_type_id } }),
    enabled: Boolean(resource.resources_type_id),
  });
  const instructions = useQuery(findInstructionAllQueryOptions({ state: { eq: 'published' } }));

  const [step, setStep] = useState<BookingStep>(0);
  const [mode, setMode] = useState<BookingMode>('normal');
  const [date, setDate] = useState(initialDate && initialDate >= today ? initialDate : today);
  const [slotIds, setSlotIds] = useState<string[]>([...(initialSlotIds ?? [])]);
  const [period, setPeriod] = useState(NO_PERIOD);
  const [periodic, setPeriodic] = useState<SeriesForm | null>(null);
  const [batch, setBatch] = useState<SeriesForm | null>(null);
  const [ruleDialog, setRuleDialog] = useState<'periodic' | 'batch' | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [form] = Form.useForm();
  const { me } = useSession();
  // Contact details start from the profile, as on the phone, so a desktop booking is reachable too.
  const [raw, setRaw] = useState<RawFormValues>(() => ({ phone: me?.phone ?? '', email: me?.email ?? '' }));
  const [attachment, setAttachment] = useState<AttachmentValue | null>(null);
  const [values, setValues] = useState<ApplicationValues>(() => emptyApplication());
  const [commit, setCommit] = useState<'all' | 'ok'>('ok');
  const preview = usePreviewAppointmentSeries();
  const submission = useBookingSubmit(resource, freeTime, setRefusal);
  const enabledMode = modes.includes(mode) ? mode : modes[0]!;
  // a date released by ballot: while its window is open a submit enters the ballot; the next
  // date's window is told before it opens
  const ballot = useBallotDateInfo(enabledMode === 'normal' ? resource.id : null, date);
  const nextBallot = useBallotDateInfo(enabledMode === 'normal' ? resource.id : null, next?.date);
  const entering = enabledMode === 'normal' && entersBallot(ballot.data);

  const selection: TimeSelection | null =
    enabledMode === 'normal'
      ? { mode: 'normal', date, slotIds, startTime: period.start, endTime: period.end }
      : enabledMode === 'periodic'
        ? periodic && { mode: 'periodic', series: periodic }
        : batch && { mode: 'batch', series: batch };
  const collected = fields.data ?? [];
  const occurrences: SeriesOccurrence[] | null = enabledMode === 'normal' ? null : (preview.data ?? null);

  const runPreview = (sel: TimeSelection) => {
    setRefusal(null);
    preview.mutate(requestVariables(resource.id, sel, freeTime, emptyApplication(), []));
  };

  const changeMode = (m: BookingMode) => {
    setMode(m);
    setProblems([]);
    setRefusal(null);
    preview.reset();
    if (m === 'periodic' && !periodic) setRuleDialog('periodic');
    if (m === 'batch' && !batch) setRuleDialog('batch');
  };
  const changeDate = (iso: string) => {
    setDate(iso);
    setSlotIds([]);
    setProblems([]);
    setRefusal(null);
  };
  const changeSlots = (ids: string[]) => {
    setSlotIds(ids);
    setProblems([]);
    setRefusal(null);
  };
  const changePeriod = (p: FreePeriod) => {
    setPeriod(p);
    setProblems([]);
  };

  /** The rule dialog starts from the rule set before, else from the date and times chosen so far. */
  const ruleInitial = (kind: 'periodic' | 'batch'): SeriesForm =>
    (kind === 'periodic' ? periodic : batch) ?? {
      ...emptySeriesForm(kind, date),
      weekdays: [isoWeekday(date)],
      endDate: addDays(date, 27),
      dates: [date],
      slotIds,
      startTime: period.start,
      endTime: period.end,
    };
  const applyRule = (rule: SeriesForm) => {
    (rule.mode === 'periodic' ? setPeriodic : setBatch)(rule);
    setRuleDialog(null);
    setProblems([]);
    runPreview({ mode: rule.mode, series: rule });
  };

  /** First step -> form: the choice is checked here, then by the server (normal) or previewed. */
  const nextFromTime = async () => {
    setRefusal(null);
    if (!selection) {
      setProblems([
        t(enabledMode === 'periodic' ? 'pcBooking.validation.periodicRequired' : 'pcBooking.validation.batchRequired'),
      ]);
      return;
    }
    if (selection.mode === 'normal') {
      const problem = normalChoiceProblem(
        selection,
        freeTime,
        bounds,
        resource.noReservationTimeSlotList ?? [],
        currentLanguage(),
      );
      setProblems(problem ? [t(problem.key, problem.values)] : []);
      if (problem) return;
      setChecking(true);
      try {
        await checkResourceTimeSlotCapacity({
          resourceId: resource.id,
          bookDate: selection.date,
          ...(freeTime
            ? { bookStartTime: selection.startTime, bookEndTime: selection.endTime, timeSlotIdList: [] }
            : { timeSlotIdList: selection.slotIds }),
        });
      } catch (err) {
        setRefusal(errorText(err));
        return;
      } finally {
        setChecking(false);
      }
    } else {
      setProblems([]);
      if (preview.isPending) return;
      if (!occurrences) {
        runPreview(selection);
        return;
      }
      if (previewCounts(occurrences).ok === 0) {
        setRefusal(t('pcBooking.preview.noneBookable'));
        return;
      }
      setCommit(previewCounts(occurrences).refused > 0 ? 'ok' : 'all');
    }
    setStep(1);
  };

  const nextFromForm = () => {
    const checked = checkBookingForm(form, collected, attachment, t);
    if (!checked) return;
    setRaw(form.getFieldsValue(true) as RawFormValues);
    setValues(checked);
    setStep(2);
  };

  const backToTime = () => {
    setRaw(form.getFieldsValue(true));
    setStep(0);
  };

  const submit = async () => {
    if (!selection) return;
    await submission.submit({ selection, values, collected, commit });
  };

  return {
    today,
    freeTime,
    bounds,
    slots,
    type,
    modes,
    opening,
    next,
    fields,
    instructions,
    step,
    setStep,
    mode: enabledMode,
    changeMode,
    date,
    changeDate,
    slotIds,
    changeSlots,
    period,
    changePeriod,
    periodic,
    batch,
    ruleDialog,
    setRuleDialog,
    ruleInitial,
    applyRule,
    problems,
    checking,
    refusal,
    form,
    raw,
    attachment,
    setAttachment,
    values,
    commit,
    setCommit,
    preview,
    runPreview,
    ballot,
    nextBallot,
    entering,
    selection,
    collected,
    occurrences,
    nextFromTime,
    nextFromForm,
    backToTime,
    submission,
    submit,
  };
}

export type BookingFlowState = ReturnType<typeof useBookingFlow>;
