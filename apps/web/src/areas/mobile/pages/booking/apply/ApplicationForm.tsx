import { useQuery } from '@tanstack/react-query';
import { Button, Input, Result, Skeleton, Switch, TextArea } from 'antd-mobile';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSession } from '../../../../../app/session.tsx';
import { fileUrl } from '../../../../../lib/attachment-link.ts';
import { useBookableResource } from '../../../../../features/booking/api/findResources.ts';
import { useSaveAppointmentInformationAll } from '../../../../../features/booking/api/saveAppointmentInformationAll.ts';
import { useBallotDateInfo } from '../../../../../features/booking/api/findBallotDateInfo.ts';
import { entersBallot, IN_BALLOT } from '../../../../../features/booking/ballot.ts';
import { BallotIcon, BallotNotice } from '../../../../../features/booking/Ballot.tsx';
import {
  clearDraft,
  loadDraft,
  normalChoiceText,
  seriesCount,
  type BookingDraft,
} from '../../../../../features/booking/draft.ts';
import { NO_CAPTCHA, type SubmitCaptcha } from '../../../../../features/captcha/types.ts';
import {
  applicationModel,
  emptyApplication,
  offersMeeting,
  validateApplication,
  type ApplicationValues,
  type FieldError,
} from '../../../../../features/booking/form.ts';
import { AllowanceNote } from '../../../../../features/booking/AllowanceNote.tsx';
import { errorText } from '../../../../../features/booking/result.ts';
import { firstSeriesDate, seriesVariables } from '../../../../../features/booking/series.ts';
import type { SaveResult } from '../../../../../features/booking/types.ts';
import { ATTACHMENT_ACCEPT, uploadAttachment } from '../../../../../features/booking/upload.ts';
import {
  findCollectionConfigAllQueryOptions,
  type CollectionConfig,
} from '../../../../../features/collection-config/api/findCollectionConfigAll.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { pickMessages } from '../../../../../lib/operation-result.ts';
import { Empty, LoadFailed, Loading } from '../../../components/LoadState.tsx';
import { showAlert } from '../../../components/overlay.ts';
import { PageNav } from '../../../components/PageNav.tsx';
import { mobilePaths } from '../../../paths.ts';
import { OccurrenceList } from '../choose/OccurrenceList.tsx';
import '../booking.css';

const CaptchaSheet = lazy(() => import('./CaptchaSheet.tsx'));

/** A labelled field with its error. */
function Field({
  id,
  label,
  required,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="yy-m-field">
      <label htmlFor={id} className={required ? 'yy-m-required' : undefined}>
        {label}
      </label>
      {children}
      {error && (
        <p className="yy-m-error-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** One collected field of the resource type, by its type. */
function CollectedField({
  config,
  value,
  onChange,
  error,
}: {
  config: CollectionConfig;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = `yy-m-field-${config.field_name}`;
  const label = pick(config.label_zh, config.label_en) || config.field_name;
  let control: ReactNode;
  switch (config.field_type) {
    case 'textarea':
      control = <TextArea id={id} value={value} onChange={onChange} rows={3} maxLength={4000} />;
      break;
    case 'select':
      control = (
        <select id={id} className="yy-m-select" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('booking.choose.pick')}</option>
          {config.options.map((o) => (
            <option key={o.value} value={o.value}>
              {pick(o.label_zh, o.label_en) || o.value}
            </option>
          ))}
        </select>
      );
      break;
    case 'date':
      control = (
        <input id={id} type="date" className="yy-m-input" value={value} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    default:
      control = (
        <Input
          id={id}
          value={value}
          onChange={onChange}
          type={
            config.field_type === 'number'
              ? 'number'
              : config.field_type === 'email'
                ? 'email'
                : config.field_type === 'phone'
                  ? 'tel'
                  : 'text'
          }
          clearable
        />
      );
  }
  return (
    <Field id={id} label={label} required={config.required} error={error}>
      {control}
    </Field>
  );
}

/**
 * The outcome of a submit: booked, awaiting approval, or entered in a ballot (the server's words
 * say when it is drawn), with the series report when there is one.
 */
function Submitted({
  result,
  draft,
  what,
  closesAt,
}: {
  result: SaveResult;
  draft: BookingDraft;
  what: string;
  /** When the ballot entered is drawn ("YYYY-MM-DD HH:mm:ss"), when known. */
  closesAt: string;
}) {
  const { t } = useTranslation();
  const ballot = result.auditStatus === IN_BALLOT;
  const pending = result.auditStatus === '1' || ballot;
  const firstId = result.appointmentId || result.ids?.[0] || '';
  return (
    <div className="yy-m-result" data-ballot={ballot || undefined}>
      <Result
        status={pending ? 'waiting' : 'success'}
        title={
          pickMessages(result) ||
          (ballot
            ? closesAt
              ? t('booking.ballot.enteredAt', { time: closesAt.slice(0, 16) })
              : t('booking.ballot.entered')
            : pending
              ? t('booking.apply.pending')
              : t('booking.apply.booked'))
        }
        description={
          ballot ? (
            <>
              <span className="yy-ballot-line">
                <BallotIcon />
                <span>{what}</span>
              </span>
              <span className="yy-m-muted">{t('booking.ballot.enterHint')}</span>
            </>
          ) : draft.mode === 'normal' ? (
            what
          ) : (
            `${what} · ${t('booking.apply.seriesBooked', { n: (result.ids ?? []).length })}`
          )
        }
      />
      {result.seriesReport && result.seriesReport.length > 0 && (
        <section className="yy-m-card">
          <h2>{t('booking.series.previewTitle')}</h2>
          <OccurrenceList occurrences={result.seriesReport} />
        </section>
      )}
      <div className="yy-m-actions">
        {firstId && (
          <Link
            className="yy-m-action-link"
            to={mobilePaths.appointmentDetail(pending ? 'progress' : 'todo', firstId)}
            replace
          >
            <Button block color="primary">
              {t('booking.apply.viewBooking')}
            </Button>
          </Link>
        )}
        <Link className="yy-m-action-link" to={mobilePaths.myAppointmentTab(pending ? 'progress' : 'todo')} replace>
          <Button block>{t('route.mobile.myAppointment')}</Button>
        </Link>
      </div>
    </div>
  );
}

/**
 * Booking application (`/mobile/applicationForm/{id}`): what was chosen, then theme,
 * contact, participants, attachment, remark and the type's collected fields; checked before
 * submit; the server's refusal is shown with its reason.
 */
export default function ApplicationForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const session = useSession();
  const resource = useBookableResource(id);
  const r = resource.data;
  const [draft] = useState(() => loadDraft(id));
  // a date whose ballot is open: the submit enters it (and says so)
  const ballot = useBallotDateInfo(draft?.mode === 'normal' ? id : null, draft?.date);
  const entering = entersBallot(ballot.data);
  const configs = useQuery({
    ...findCollectionConfigAllQueryOptions({ resource_type_id: { eq: r?.resources_type_id ?? '' } }),
    enabled: Boolean(r?.resources_type_id),
  });
  const fields = r ? (configs.data ?? []).filter((c) => c.enabled !== false) : [];
  const [values, setValues] = useState<ApplicationValues>(() =>
    emptyApplication({ phone: session.me?.phone, email: session.me?.email }),
  );
  const [checked, setChecked] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState('');
  const [result, setResult] = useState<SaveResult | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveAppointmentInformationAll();
  // The slider sheet (with the slider and its encryption) loads when a submit needs a slide.
  const [captchaAsk, setCaptchaAsk] = useState<number | null>(null);
  const captchaWait = useRef<((credential: SubmitCaptcha | null) => void) | null>(null);
  const captchaDone = useCallback((credential: SubmitCaptcha | null) => {
    const resolve = captchaWait.current;
    captchaWait.current = null;
    setCaptchaAsk(null);
    resolve?.(credential);
  }, []);
  useEffect(() => () => captchaWait.current?.(null), []);
  /** A credential for one submit: empty ones when the resource needs none, null when the user cancelled. */
  const credentialFor = (resource: { open_captcha_verify?: string | null }) =>
    // needsCaptcha of features/captcha, whose module would bring the slider into the form's first load
    resource.open_captcha_verify === '1'
      ? new Promise<SubmitCaptcha | null>((resolve) => {
          captchaWait.current?.(null);
          captchaWait.current = resolve;
          setCaptchaAsk((n) => (n ?? 0) + 1);
        })
      : Promise.resolve(NO_CAPTCHA);
  const label = (c: CollectionConfig) => pick(c.label_zh, c.label_en) || c.field_name;
  // Checked on submit, then again on every change, so a fixed field loses its message at once.
  const errors: Record<string, FieldError> = checked ? validateApplication(values, fields, label) : {};
  const err = (key: string) => (errors[key] ? t(errors[key]!.key, errors[key]!.values) : undefined);
  const set = (patch: Partial<ApplicationValues>) => setValues((v) => ({ ...v, ...patch }));

  const when =
    draft?.mode === 'normal'
      ? normalChoiceText(draft, r?.time_slot_rule === '2')
      : draft?.summary
        ? t('booking.series.chosen', { n: seriesCount(draft.summary, draft.seriesCommit) })
        : '';

  if (result && draft) {
    return (
      <div className="yy-m-page">
        <PageNav title={t('route.mobile.applicationForm')} fallback={mobilePaths.myAppointment} />
        <Submitted
          result={result}
          draft={draft}
          what={r ? `${pick(r.resources_name, r.resources_name_en)} · ${when}` : when}
          closesAt={ballot.data?.closes_at ?? ''}
        />
      </div>
    );
  }

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setUploadError('');
    try {
      set({ attachment: await uploadAttachment(file, session.token) });
    } catch (e) {
      setUploadError(e instanceof Error ? e.message : String(e));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async () => {
    if (!draft || !r) return;
    const found = validateApplication(values, fields, label);
    setChecked(true);
    if (Object.keys(found).length) {
      window.requestAnimationFrame(() =>
        document.querySelector('.yy-m-field .yy-m-error-text')?.scrollIntoView?.({ block: 'center' }),
      );
      return;
    }
    const normal = draft.mode === 'normal';
    const freeTime = r.time_slot_rule === '2';
    const model = applicationModel(values, fields, {
      resourceId: id,
      offersMeeting: offersMeeting(r),
      date: normal ? draft.date : firstSeriesDate(draft.series!),
      ...(normal && freeTime ? { startTime: draft.startTime, endTime: draft.endTime } : {}),
      ...(normal && !freeTime && draft.slots.length
        ? { startTime: draft.slots[0]!.kssj, endTime: draft.slots[draft.slots.length - 1]!.jssj }
        : {}),
    });
    // A resource with the slider captcha asks for a slide before every submit (single-use credential).
    const credential = await credentialFor(r);
    if (!credential) return;
    try {
      const saved = await save.mutateAsync(
        normal
          ? { model, ...credential, ...(freeTime ? {} : { timeSlotIdList: draft.slots.map((s) => s.id) }) }
          : { model, ...credential, ...seriesVariables(draft.series!, freeTime), seriesCommit: draft.seriesCommit },
      );
      clearDraft(id);
      setResult(saved);
      window.scrollTo(0, 0);
    } catch (e) {
      void showAlert({ title: t('booking.apply.refused'), content: errorText(e), confirmText: t('booking.ok') });
    }
  };

  return (
    <div className="yy-m-page yy-m-page-with-bar">
      <PageNav title={t('route.mobile.applicationForm')} fallback={mobilePaths.chooseDate(id)} />
      {resource.isPending ? (
        <Loading />
      ) : resource.error ? (
        <LoadFailed error={resource.error} onRetry={() => void resource.refetch()} />
      ) : !r ? (
        <Empty title={t('booking.venue.notFound')} />
      ) : !draft ? (
        <Empty title={t('booking.apply.noChoice')} description={t('booking.apply.noChoiceHint')}>
          <Link to={mobilePaths.chooseDate(id)} replace>
            <Button color="primary" size="small">
              {t('route.mobile.chooseDate')}
            </Button>
          </Link>
        </Empty>
      ) : (
        <>
          <section className="yy-m-card yy-m-summary" aria-label={t('booking.apply.summary')}>
            <strong>{pick(r.resources_name, r.resources_name_en)}</strong>
            <div>
              {t(`booking.mode.${draft.mode}`)} · {when}
            </div>
            {draft.mode === 'normal' && (
              <AllowanceNote
                resourceId={id}
                date={draft.date}
                typeName={pick(r.resources_type_name, r.resources_type_name_en)}
              />
            )}
            {draft.mode !== 'normal' && (
              <div className="yy-m-muted">
                {draft.seriesCommit === 'ok' ? t('booking.series.commitOkShort') : t('booking.series.commitAllShort')}
              </div>
            )}
            {r.need_approve === '1' && <div className="yy-m-muted">{t('booking.apply.needsApproval')}</div>}
            {draft.mode === 'normal' && <BallotNotice info={ballot.data} />}
          </section>
          <form
            className="yy-m-card yy-m-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <Field id="yy-m-theme" label={t('booking.form.theme')} required error={err('theme')}>
              <Input
                id="yy-m-theme"
                value={values.theme}
                onChange={(v) => set({ theme: v })}
                placeholder={t('booking.form.themeHint')}
                maxLength={500}
                clearable
              />
            </Field>
            <Field id="yy-m-phone" label={t('booking.form.phone')} error={err('phone')}>
              <Input id="yy-m-phone" type="tel" value={values.phone} onChange={(v) => set({ phone: v })} clearable />
            </Field>
            <Field id="yy-m-email" label={t('booking.form.email')} error={err('email')}>
              <Input id="yy-m-email" type="email" value={values.email} onChange={(v) => set({ email: v })} clearable />
            </Field>
            <div className="yy-m-field">
              <span className="yy-m-field-title">{t('booking.form.participants')}</span>
              {values.participants.map((p, i) => (
                <div className="yy-m-participant" key={i}>
                  <div>
                    <input
                      className="yy-m-input"
                      aria-label={t('booking.form.participantName', { n: i + 1 })}
                      placeholder={t('booking.form.name')}
                      value={p.name}
                      onChange={(e) =>
                        set({
                          participants: values.participants.map((x, j) =>
                            j === i ? { ...x, name: e.target.value } : x,
                          ),
                        })
                      }
                    />
                    {err(`participants.${i}.name`) && (
                      <p className="yy-m-error-text" role="alert">
                        {err(`participants.${i}.name`)}
                      </p>
                    )}
                  </div>
                  <div>
                    <input
                      className="yy-m-input"
                      type="tel"
                      aria-label={t('booking.form.participantMobile', { n: i + 1 })}
                      placeholder={t('booking.form.mobile')}
                      value={p.mobile}
                      onChange={(e) =>
                        set({
                          participants: values.participants.map((x, j) =>
                            j === i ? { ...x, mobile: e.target.value } : x,
                          ),
                        })
                      }
                    />
                    {err(`participants.${i}.mobile`) && (
                      <p className="yy-m-error-text" role="alert">
                        {err(`participants.${i}.mobile`)}
                      </p>
                    )}
                  </div>
                  <Button
                    size="small"
                    fill="none"
                    color="danger"
                    aria-label={t('booking.form.removeParticipant', { n: i + 1 })}
                    onClick={() => set({ participants: values.participants.filter((_, j) => j !== i) })}
                  >
                    {t('booking.form.remove')}
                  </Button>
                </div>
              ))}
              <Button
                size="small"
                fill="outline"
                color="primary"
                onClick={() => set({ participants: [...values.participants, { name: '', mobile: '' }] })}
              >
                {t('booking.form.addParticipant')}
              </Button>
            </div>
            <div className="yy-m-field">
              <label htmlFor="yy-m-attachment" className="yy-m-field-title">
                {t('booking.form.attachment')}
              </label>
              <p className="yy-m-muted" style={{ marginBottom: 6 }}>
                {t('booking.form.attachmentHint')}
              </p>
              {values.attachment ? (
                <div className="yy-m-attachment">
                  <a href={fileUrl(values.attachment.uri, session.token)} target="_blank" rel="noreferrer">
                    {values.attachment.name}
                  </a>
                  <Button size="mini" fill="none" color="danger" onClick={() => set({ attachment: null })}>
                    {t('booking.form.remove')}
                  </Button>
                </div>
              ) : (
                <span className="yy-m-file">
                  <input
                    ref={fileInput}
                    id="yy-m-attachment"
                    type="file"
                    accept={ATTACHMENT_ACCEPT}
                    disabled={uploading}
                    onChange={(e) => void upload(e.target.files?.[0])}
                  />
                  <span className="yy-m-file-button" aria-hidden>
                    {t('booking.form.chooseFile')}
                  </span>
                </span>
              )}
              {uploading && <p className="yy-m-muted">{t('booking.form.uploading')}</p>}
              {uploadError && (
                <p className="yy-m-error-text" role="alert">
                  {uploadError}
                </p>
              )}
            </div>
            {configs.isLoading ? (
              <Skeleton.Paragraph lineCount={2} animated />
            ) : configs.error ? (
              <LoadFailed error={configs.error} onRetry={() => void configs.refetch()} />
            ) : (
              fields.map((c) => (
                <CollectedField
                  key={c.id}
                  config={c}
                  value={values.fields[c.field_name] ?? ''}
                  error={err(`fields.${c.field_name}`)}
                  onChange={(v) => set({ fields: { ...values.fields, [c.field_name]: v } })}
                />
              ))
            )}
            {offersMeeting(r) && (
              <div className="yy-m-field">
                <span className="yy-m-field-title" id="yy-m-meeting-label">
                  {t('booking.form.meeting')}
                </span>
                <p className="yy-m-muted" id="yy-m-meeting-hint" style={{ marginBottom: 6 }}>
                  {t('booking.form.meetingHint')}
                </p>
                <Switch
                  aria-labelledby="yy-m-meeting-label"
                  aria-describedby="yy-m-meeting-hint"
                  checked={values.meeting}
                  onChange={(on) => set({ meeting: on })}
                />
              </div>
            )}
            <Field id="yy-m-remark" label={t('booking.form.remark')} error={err('remark')}>
              <TextArea
                id="yy-m-remark"
                value={values.remark}
                onChange={(v) => set({ remark: v })}
                rows={3}
                maxLength={2000}
                showCount
              />
            </Field>
            <div className="yy-m-bottom-bar">
              <Button onClick={() => navigate(mobilePaths.chooseDate(id))}>{t('booking.apply.changeTime')}</Button>
              <Button type="submit" color="primary" loading={save.isPending} disabled={configs.isLoading}>
                {entering ? t('booking.ballot.enter') : t('booking.apply.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
      {captchaAsk !== null && (
        <Suspense fallback={null}>
          <CaptchaSheet key={captchaAsk} onDone={captchaDone} />
        </Suspense>
      )}
    </div>
  );
}
