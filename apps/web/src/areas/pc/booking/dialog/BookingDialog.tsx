import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Modal,
  Radio,
  Result,
  Segmented,
  Skeleton,
  Space,
  Steps,
  Tag,
  Typography,
} from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { checkResourceTimeSlotCapacity } from '../../../../features/booking/api/checkResourceTimeSlotCapacity.ts';
import { usePreviewAppointmentSeries } from '../../../../features/booking/api/previewAppointmentSeries.ts';
import { useSaveAppointmentInformationAll } from '../../../../features/booking/api/saveAppointmentInformationAll.ts';
import { useBallotDateInfo } from '../../../../features/booking/api/findBallotDateInfo.ts';
import { entersBallot, IN_BALLOT } from '../../../../features/booking/ballot.ts';
import { BallotIcon, BallotNotice } from '../../../../features/booking/Ballot.tsx';
import {
  addDays,
  isoWeekday,
  nextOpening,
  notOpenUntil,
  shortOpening,
  todayIso,
} from '../../../../features/booking/dates.ts';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import {
  emptyApplication,
  offersMeeting,
  type ApplicationValues,
  type AttachmentValue,
} from '../../../../features/booking/form.ts';
import { emptySeriesForm, type SeriesForm } from '../../../../features/booking/series.ts';
import { AllowanceNote } from '../../../../features/booking/AllowanceNote.tsx';
import { errorText } from '../../../../features/booking/result.ts';
import type { SaveResult, SeriesOccurrence } from '../../../../features/booking/types.ts';
import {
  findCollectionConfigAllQueryOptions,
  type CollectionConfig,
} from '../../../../features/collection-config/api/findCollectionConfigAll.ts';
import { findInstructionAllQueryOptions } from '../../../../features/instructions/api/findInstructionAll.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { useCaptchaCredential } from '../../../../features/captcha/useCaptchaCredential.tsx';
import { currentLanguage, pick } from '../../../../lib/i18n.ts';
import { pcPaths } from '../../paths.ts';
import { normalChoiceProblem, requestVariables, type BookingMode, type TimeSelection } from '../bookingRequest.ts';
import { freeBoundsOf, useResourceForBooking, type ResourceForBooking } from '../resourceForBooking.ts';
import { locationOf, rulesSummary } from '../ResourceDetail.tsx';
import { SlotPicker } from '../SlotPicker.tsx';
import { BookingForm, checkBookingForm, type RawFormValues } from './BookingForm.tsx';
import { SeriesRuleDialog } from './SeriesRuleDialog.tsx';
import { SeriesPreview, previewCounts } from './SeriesPreview.tsx';
import { FreePeriodPicker, NO_PERIOD, periodHint } from './TimeFields.tsx';
import '../booking.css';

export interface BookingDialogProps {
  open: boolean;
  resourceId: string;
  /** "YYYY-MM-DD"; today when absent. */
  initialDate?: string;
  /** Slots picked on the time grid. */
  initialSlotIds?: readonly string[];
  onClose: () => void;
}

type Step = 0 | 1 | 2;

/** A collected value as the user chose it: a select's option by its label. */
function optionLabel(field: CollectionConfig, value: string): string {
  const option = field.field_type === 'select' ? field.options.find((o) => o.value === value) : undefined;
  return option ? pick(option.label_zh, option.label_en) : value;
}

/**
 * The multi-step booking dialog (spec 2.6): choose the time (normal, periodic or batch, with
 * the rule dialogs and the per-occurrence preview), fill in the form, confirm after reading the
 * booking instructions. Every refusal of the server is shown with its reason.
 */
export function BookingDialog(props: BookingDialogProps) {
  const { t } = useTranslation();
  const resource = useResourceForBooking(props.open ? props.resourceId : null);
  const r = resource.data;
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      width={860}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      title={
        r
          ? t('pcBooking.dialog.title', { name: pick(r.resources_name, r.resources_name_en) })
          : t('pcBooking.dialog.titlePlain')
      }
    >
      {resource.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : resource.error ? (
        <Alert type="error" showIcon title={errorText(resource.error)} />
      ) : !r ? (
        <Empty description={t('pcBooking.detail.notFound')} />
      ) : (
        <BookingFlow {...props} resource={r} />
      )}
    </Modal>
  );
}

function BookingFlow({
  resource,
  initialDate,
  initialSlotIds,
  onClose,
}: BookingDialogProps & { resource: ResourceForBooking }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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

  const [step, setStep] = useState<Step>(0);
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
  const [read, setRead] = useState(false);
  const [readError, setReadError] = useState(false);
  const [commit, setCommit] = useState<'all' | 'ok'>('ok');
  const [result, setResult] = useState<SaveResult | null>(null);
  const preview = usePreviewAppointmentSeries();
  const save = useSaveAppointmentInformationAll();
  const captcha = useCaptchaCredential();
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

  const slotLabel = (id: string) => {
    const s = slots.find((x) => x.id === id);
    return s ? `${s.kssj}–${s.jssj}` : id;
  };
  const timeText = (sel: TimeSelection): string => {
    const sep = t('pcBooking.listSeparator');
    const times = (c: { slotIds: string[]; startTime: string; endTime: string }) =>
      freeTime ? `${c.startTime}–${c.endTime}` : [...c.slotIds].map(slotLabel).sort().join(sep);
    if (sel.mode === 'normal') return `${sel.date} ${t(`pcBooking.weekday.${isoWeekday(sel.date)}`)} ${times(sel)}`;
    const r = sel.series;
    if (sel.mode === 'periodic') {
      const on =
        r.strategy === '1'
          ? t('pcBooking.periodic.strategy1')
          : r.strategy === '2'
            ? t('pcBooking.periodic.weeklyOn', {
                days: [...r.weekdays]
                  .sort()
                  .map((d) => t(`pcBooking.weekday.${d}`))
                  .join(sep),
              })
            : t('pcBooking.periodic.monthlyOn', {
                days: [...r.monthDays].sort((a, b) => Number(a) - Number(b)).join(sep),
              });
      return t('pcBooking.periodic.summary', { from: r.startDate, to: r.endDate, on, times: times(r) });
    }
    return t('pcBooking.batch.summary', { dates: r.dates.join(sep), times: times(r) });
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

  /** Submits; a resource with the captcha on asks for a slide first, every time (a credential is single use). */
  const submit = async () => {
    if (!selection) return;
    if (!read) {
      setReadError(true);
      return;
    }
    setRefusal(null);
    const credential = await captcha.credentialFor(resource);
    if (!credential) return;
    save.mutate(
      {
        ...requestVariables(resource.id, selection, freeTime, values, collected, offersMeeting(resource)),
        ...(selection.mode === 'normal' ? {} : { seriesCommit: commit }),
        ...credential,
      },
      { onSuccess: setResult, onError: (err) => setRefusal(errorText(err)) },
    );
  };

  if (result && result.auditStatus === IN_BALLOT) {
    const closesAt = ballot.data?.closes_at ?? '';
    return (
      <Result
        status="info"
        icon={<BallotIcon className="yy-ballot-result-icon" />}
        title={closesAt ? t('booking.ballot.enteredAt', { time: closesAt.slice(0, 16) }) : t('booking.ballot.entered')}
        subTitle={
          <>
            {selection ? <div>{timeText(selection)}</div> : null}
            <div>{t('booking.ballot.enterHint')}</div>
          </>
        }
        extra={[
          <Button key="mine" type="primary" onClick={() => navigate(pcPaths.myAppointment)}>
            {t('pcBooking.done.toMine')}
          </Button>,
          <Button key="close" onClick={onClose}>
            {t('pcBooking.done.close')}
          </Button>,
        ]}
      />
    );
  }

  if (result) {
    const booked = result.ids?.length ?? 0;
    const awaiting = result.auditStatus === '1';
    const prompt = pick(resource.success_prompt, resource.success_prompt_en);
    return (
      <Result
        status="success"
        title={t(awaiting ? 'pcBooking.done.submitted' : 'pcBooking.done.booked')}
        subTitle={
          <>
            {selection && selection.mode !== 'normal' ? (
              <div>{t('pcBooking.done.seriesCount', { n: booked })}</div>
            ) : null}
            {awaiting ? <div>{t('pcBooking.done.awaiting')}</div> : null}
            {prompt ? <div>{prompt}</div> : null}
          </>
        }
        extra={[
          <Button key="mine" type="primary" onClick={() => navigate(pcPaths.myAppointment)}>
            {t('pcBooking.done.toMine')}
          </Button>,
          <Button key="close" onClick={onClose}>
            {t('pcBooking.done.close')}
          </Button>,
        ]}
      />
    );
  }

  const instructionList = instructions.data ?? [];
  return (
    <div className="yy-booking-flow">
      <Steps
        size="small"
        current={step}
        className="yy-booking-steps"
        items={[
          { title: t('pcBooking.dialog.step0') },
          { title: t('pcBooking.dialog.step1') },
          { title: t('pcBooking.dialog.step2') },
        ]}
      />
      <div className="yy-booking-resource">
        <Typography.Text strong>{pick(resource.resources_name, resource.resources_name_en)}</Typography.Text>
        <Typography.Text type="secondary">{locationOf(resource)}</Typography.Text>
        {resource.need_approve === '1' ? <Tag color="gold">{t('pcBooking.needApprove')}</Tag> : null}
      </div>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={t('pcBooking.dialog.refused')}
          description={refusal}
          className="yy-booking-alert"
          role="alert"
        />
      ) : null}

      {step === 0 ? (
        <section aria-label={t('pcBooking.dialog.step0')}>
          {modes.length > 1 ? (
            <Segmented<BookingMode>
              value={enabledMode}
              onChange={(m) => {
                setMode(m);
                setProblems([]);
                setRefusal(null);
                preview.reset();
                if (m === 'periodic' && !periodic) setRuleDialog('periodic');
                if (m === 'batch' && !batch) setRuleDialog('batch');
              }}
              options={modes.map((m) => ({ value: m, label: t(`pcBooking.mode.${m}`) }))}
              className="yy-booking-modes"
            />
          ) : null}
          {enabledMode === 'normal' ? (
            <Form layout="vertical">
              <Form.Item
                label={t('pcBooking.dialog.date')}
                required
                extra={
                  next
                    ? t('pcBooking.dialog.nextOpening', { date: next.date, time: shortOpening(next.opensAt, today) })
                    : undefined
                }
              >
                <DatePicker
                  value={dayjs(date)}
                  allowClear={false}
                  disabledDate={(d) => d.format('YYYY-MM-DD') < today || opening(d.format('YYYY-MM-DD')) !== null}
                  onChange={(d) => {
                    if (!d) return;
                    setDate(d.format('YYYY-MM-DD'));
                    setSlotIds([]);
                    setProblems([]);
                    setRefusal(null);
                  }}
                />
              </Form.Item>
              {nextBallot.data?.phase === 'not_open' ? (
                <div className="yy-booking-next-ballot">
                  <Typography.Text type="secondary">{next?.date}</Typography.Text>
                  <BallotNotice info={nextBallot.data} />
                </div>
              ) : null}
              {freeTime ? <BallotNotice info={ballot.data} /> : null}
              {freeTime ? (
                <Form.Item label={t('pcBooking.dialog.period')} required extra={periodHint(bounds, t)}>
                  <FreePeriodPicker
                    value={period}
                    onChange={(p) => {
                      setPeriod(p);
                      setProblems([]);
                    }}
                  />
                </Form.Item>
              ) : (
                <Form.Item label={t('pcBooking.dialog.slots')} required>
                  <SlotPicker
                    resourceId={resource.id}
                    date={date}
                    value={slotIds}
                    onChange={(ids) => {
                      setSlotIds(ids);
                      setProblems([]);
                      setRefusal(null);
                    }}
                  />
                </Form.Item>
              )}
              <AllowanceNote
                resourceId={resource.id}
                date={date}
                typeName={pick(resource.resources_type_name, resource.resources_type_name_en)}
              />
            </Form>
          ) : (
            <div className="yy-booking-rule">
              <Space className="yy-booking-rule-head" wrap>
                <Typography.Text>
                  {selection
                    ? timeText(selection)
                    : t(
                        enabledMode === 'periodic'
                          ? 'pcBooking.validation.periodicRequired'
                          : 'pcBooking.validation.batchRequired',
                      )}
                </Typography.Text>
                <Button onClick={() => setRuleDialog(enabledMode === 'periodic' ? 'periodic' : 'batch')}>
                  {t(
                    enabledMode === 'periodic'
                      ? periodic
                        ? 'pcBooking.periodic.edit'
                        : 'pcBooking.periodic.set'
                      : batch
                        ? 'pcBooking.batch.edit'
                        : 'pcBooking.batch.set',
                  )}
                </Button>
              </Space>
              {selection ? (
                <SeriesPreview
                  occurrences={occurrences}
                  loading={preview.isPending}
                  error={preview.error ? errorText(preview.error) : null}
                  onRetry={() => runPreview(selection)}
                />
              ) : null}
            </div>
          )}
          {problems.length ? (
            <Alert type="warning" showIcon title={problems.join(' ')} className="yy-booking-alert" role="alert" />
          ) : null}
          <div className="yy-booking-footer">
            <Button onClick={onClose}>{t('pcBooking.cancel')}</Button>
            <Button type="primary" loading={checking || preview.isPending} onClick={() => void nextFromTime()}>
              {t('pcBooking.next')}
            </Button>
          </div>
        </section>
      ) : null}

      {step === 1 ? (
        <section aria-label={t('pcBooking.dialog.step1')}>
          <BookingForm
            form={form}
            initialValues={raw}
            fields={collected}
            allowRemark={type?.can_appointment_remark === '1'}
            meetingOffered={offersMeeting(resource)}
            attachment={attachment}
            onAttachment={setAttachment}
          />
          {fields.error ? <Alert type="warning" showIcon title={errorText(fields.error)} /> : null}
          <div className="yy-booking-footer">
            <Button
              onClick={() => {
                setRaw(form.getFieldsValue(true));
                setStep(0);
              }}
            >
              {t('pcBooking.previous')}
            </Button>
            <Button type="primary" onClick={nextFromForm} disabled={fields.isPending}>
              {t('pcBooking.next')}
            </Button>
          </div>
        </section>
      ) : null}

      {step === 2 && selection ? (
        <section aria-label={t('pcBooking.dialog.step2')}>
          <Descriptions size="small" column={1} bordered className="yy-booking-summary">
            <Descriptions.Item label={t('pcBooking.confirm.mode')}>
              {t(`pcBooking.mode.${selection.mode}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('pcBooking.confirm.time')}>{timeText(selection)}</Descriptions.Item>
            <Descriptions.Item label={t('pcBooking.form.theme')}>{values.theme}</Descriptions.Item>
            {values.participants.length ? (
              <Descriptions.Item label={t('pcBooking.form.participants')}>
                {values.participants.map((p) => p.name).join(t('pcBooking.listSeparator'))}
              </Descriptions.Item>
            ) : null}
            {values.phone ? (
              <Descriptions.Item label={t('pcBooking.form.phone')}>{values.phone}</Descriptions.Item>
            ) : null}
            {values.email ? (
              <Descriptions.Item label={t('pcBooking.form.email')}>{values.email}</Descriptions.Item>
            ) : null}
            {values.attachment ? (
              <Descriptions.Item label={t('pcBooking.form.attachment')}>{values.attachment.name}</Descriptions.Item>
            ) : null}
            {values.remark ? (
              <Descriptions.Item label={t('pcBooking.form.remark')}>{values.remark}</Descriptions.Item>
            ) : null}
            {values.meeting && offersMeeting(resource) ? (
              <Descriptions.Item label={t('pcBooking.form.meeting')}>
                {t('pcBooking.form.meetingAsked')}
              </Descriptions.Item>
            ) : null}
            {collected
              .filter((f) => values.fields[f.field_name])
              .map((f) => (
                <Descriptions.Item key={f.id} label={pick(f.label_zh, f.label_en)}>
                  {optionLabel(f, values.fields[f.field_name]!)}
                </Descriptions.Item>
              ))}
          </Descriptions>
          {occurrences ? (
            <div className="yy-booking-commit">
              <SeriesPreview occurrences={occurrences} loading={false} error={null} />
              {previewCounts(occurrences).refused > 0 ? (
                <Radio.Group
                  value={commit}
                  onChange={(e) => setCommit(e.target.value as 'all' | 'ok')}
                  options={[
                    { value: 'ok', label: t('pcBooking.confirm.commitOk', previewCounts(occurrences)) },
                    { value: 'all', label: t('pcBooking.confirm.commitAll') },
                  ]}
                />
              ) : null}
            </div>
          ) : null}
          <section className="yy-booking-instructions" aria-label={t('pcBooking.confirm.instructions')}>
            <Typography.Title level={5}>{t('pcBooking.confirm.instructions')}</Typography.Title>
            <div className="yy-booking-instructions-body" tabIndex={0}>
              {instructions.isPending ? (
                <Skeleton active paragraph={{ rows: 3 }} />
              ) : instructionList.length ? (
                instructionList.map((i) => (
                  <article key={i.id}>
                    <h4>{pick(i.title, i.title_en)}</h4>
                    <div
                      className="yy-instruction-html"
                      dangerouslySetInnerHTML={{ __html: pick(i.content, i.content_en) }}
                    />
                  </article>
                ))
              ) : (
                <ul>
                  {rulesSummary(resource, t, type).map((line) => (
                    <li key={line.key}>
                      {line.label}
                      {t('pcBooking.labelSeparator')}
                      {line.value}
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <Checkbox
              checked={read}
              onChange={(e) => {
                setRead(e.target.checked);
                setReadError(false);
              }}
            >
              {t('pcBooking.confirm.read')}
            </Checkbox>
            {readError ? (
              <Typography.Text type="danger" role="alert" className="yy-booking-read-error">
                {t('pcBooking.validation.readRequired')}
              </Typography.Text>
            ) : null}
          </section>
          <div className="yy-booking-footer">
            <Button onClick={() => setStep(1)} disabled={save.isPending}>
              {t('pcBooking.previous')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {entering ? t('booking.ballot.enter') : t('pcBooking.submit')}
            </Button>
          </div>
        </section>
      ) : null}

      <Modal
        open={captcha.prompt.open}
        onCancel={captcha.prompt.cancel}
        title={captcha.prompt.title}
        footer={null}
        width={440}
        centered
        destroyOnHidden
        mask={{ closable: false }}
      >
        {captcha.prompt.slider}
      </Modal>

      {ruleDialog ? (
        <SeriesRuleDialog
          initial={
            (ruleDialog === 'periodic' ? periodic : batch) ?? {
              ...emptySeriesForm(ruleDialog, date),
              weekdays: [isoWeekday(date)],
              endDate: addDays(date, 27),
              dates: [date],
              slotIds,
              startTime: period.start,
              endTime: period.end,
            }
          }
          slots={slots}
          freeTime={freeTime}
          bounds={bounds}
          opening={opening}
          next={next}
          onCancel={() => setRuleDialog(null)}
          onOk={(rule) => {
            (rule.mode === 'periodic' ? setPeriodic : setBatch)(rule);
            setRuleDialog(null);
            setProblems([]);
            runPreview({ mode: rule.mode, series: rule });
          }}
        />
      ) : null}
    </div>
  );
}
