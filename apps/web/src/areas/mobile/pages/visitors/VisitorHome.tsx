import { Button, Input } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { signOut } from '../../../../features/auth/auth.ts';
import { errorText } from '../../../../features/booking/result.ts';
import { todayIso } from '../../../../features/booking/dates.ts';
import { useBatchSaveVisitorAppointment } from '../../../../features/visitors/api/batchSaveVisitorAppointment.ts';
import { useVisits } from '../../../../features/visitors/api/findVisitorAppointmentInformationAll.ts';
import { useVisitorAvailableNumber } from '../../../../features/visitors/api/findVisitorAvailableNumber.ts';
import { useVisitorCategoryConfig } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { useVisitorProfile } from '../../../../features/visitors/api/findVisitorInfoByAccount.ts';
import { useVisitorInfoFieldSettings } from '../../../../features/visitors/api/findVisitorInfoFieldSettingsEntityList.ts';
import { useSaveVisitorAppointment } from '../../../../features/visitors/api/saveVisitorAppointment.ts';
import {
  MAX_GUESTS,
  applicationErrors,
  applicationModel,
  invitationErrors,
  invitationModels,
  type ApplicationValues,
  type InvitationValues,
} from '../../../../features/visitors/forms.ts';
import { sanitizeHtml } from '../../../../features/visitors/html.ts';
import { visitorSwitches } from '../../../../features/visitors/switches.ts';
import { isVisitorUser } from '../../../../features/visitors/role.ts';
import type { CategoryConfig, VisitorArea } from '../../../../features/visitors/types.ts';
import { Empty, LoadFailed, Loading } from '../../components/LoadState.tsx';
import { showConfirm, showToast } from '../../components/overlay.ts';
import { fullAreas } from './AreaPicker.tsx';
import { VisitCard } from './VisitList.tsx';
import { visitorPaths } from './paths.ts';
import { Field, InfoFieldInput, useErrorText } from './parts.tsx';
import { CarFields, PartyFields, VisitWhenWhere } from './VisitFields.tsx';
import '../booking/booking.css';
import './visitors.css';

/** Whether a visitor type ('1' application, '2' invitation) is offered (offered unless disabled). */
function offered(config: CategoryConfig | undefined, type: string): boolean {
  const d = config?.detailSettings?.find((x) => x.visitor_type === type);
  return !d || d.is_enable !== 0;
}

/** Scrolls to the first error shown. */
const showFirstError = () =>
  requestAnimationFrame(() =>
    document.querySelector('.yy-v-page .yy-m-error-text')?.scrollIntoView?.({ block: 'center' }),
  );

/**
 * The visitor's application for a visit. `infoCollection` off: no information fields are asked
 * (nor sent), and nothing says the visitor's information is missing.
 */
function ApplicationForm({ areas, infoCollection }: { areas: VisitorArea[]; infoCollection: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = todayIso();
  const profile = useVisitorProfile();
  const infoQuery = useVisitorInfoFieldSettings(infoCollection);
  const infoFields = useMemo(
    () =>
      infoCollection
        ? (infoQuery.data ?? [])
            .filter((f) => f.is_appointment_valid_info === 1)
            .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
        : [],
    [infoQuery.data, infoCollection],
  );
  const [v, setV] = useState<ApplicationValues>({
    in_school_date: today,
    in_school_reason: '',
    areas: areas.length === 1 ? [areas[0]!.id] : [],
    peers: 0,
    in_child: 0,
    accept_visit_name: '',
    accept_visit_phone: '',
    accept_visit_unit: '',
    is_car: false,
    car_product: '',
    car_card_number: '',
    info: {},
  });
  // the car of the registration, once, unless the visitor has already said how they come
  const p = profile.data;
  const prefilled = useRef(false);
  useEffect(() => {
    if (!p || prefilled.current) return;
    prefilled.current = true;
    if (p.is_car === 1)
      setV((x) =>
        x.is_car || x.car_card_number
          ? x
          : { ...x, is_car: true, car_product: p.car_product ?? '', car_card_number: p.car_card_number ?? '' },
      );
  }, [p]);
  const [submitted, setSubmitted] = useState(false);
  const save = useSaveVisitorAppointment();
  const quota = useVisitorAvailableNumber(
    v.in_school_date,
    areas.map((a) => a.id),
    { peers: v.peers || 0, in_child: v.in_child || 0 },
  );
  const errors = applicationErrors(v, today, infoFields, fullAreas(quota.data, v.areas));
  const err = useErrorText(errors, submitted);
  const set = (patch: Partial<ApplicationValues>) => setV((x) => ({ ...x, ...patch }));

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return showFirstError();
    save.mutate(applicationModel(v, infoFields), {
      onSuccess: (r) => {
        void showToast(t('visitors.apply.sent'), 'success');
        const id = r.ids?.[0];
        navigate(id ? visitorPaths.detail(id) : visitorPaths.mine);
      },
    });
  };

  return (
    <form
      className="yy-m-card yy-m-form"
      noValidate
      aria-labelledby="yy-v-apply-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id="yy-v-apply-title">{t('visitors.apply.title')}</h2>
      {infoCollection && p && p.info_complete === false && (
        <p className="yy-v-notice" role="status">
          {t('visitors.apply.infoMissing')} <Link to={visitorPaths.addinfo}>{t('visitors.apply.toAddinfo')}</Link>
        </p>
      )}
      <VisitWhenWhere prefix="" today={today} value={v} onChange={set} areas={areas} quota={quota} err={err} />
      <PartyFields prefix="" value={v} onChange={set} err={err} />
      <Field id="yy-v-host" label={t('visitors.form.hostName')} required error={err('accept_visit_name')}>
        <Input
          id="yy-v-host"
          value={v.accept_visit_name}
          onChange={(x) => set({ accept_visit_name: x })}
          maxLength={50}
          clearable
        />
      </Field>
      <Field id="yy-v-host-phone" label={t('visitors.form.hostPhone')} required error={err('accept_visit_phone')}>
        <Input
          id="yy-v-host-phone"
          type="tel"
          value={v.accept_visit_phone}
          onChange={(x) => set({ accept_visit_phone: x })}
          maxLength={20}
          clearable
        />
      </Field>
      <Field id="yy-v-host-unit" label={t('visitors.form.hostUnit')} error={err('accept_visit_unit')}>
        <Input
          id="yy-v-host-unit"
          value={v.accept_visit_unit}
          onChange={(x) => set({ accept_visit_unit: x })}
          maxLength={100}
          clearable
        />
      </Field>
      <CarFields prefix="" value={v} onChange={set} err={err} />
      {!infoCollection ? null : infoQuery.error ? (
        <LoadFailed error={infoQuery.error} onRetry={() => void infoQuery.refetch()} />
      ) : (
        infoFields.map((f) => (
          <InfoFieldInput
            key={f.id}
            field={f}
            value={v.info[f.field_name] ?? ''}
            onChange={(x) => set({ info: { ...v.info, [f.field_name]: x } })}
            required={f.is_appointment_required_info === 1}
            error={err(`info.${f.field_name}`)}
          />
        ))
      )}
      {save.error && (
        <p className="yy-m-error-text" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <Button
        block
        type="submit"
        color="primary"
        loading={save.isPending}
        disabled={infoCollection && infoQuery.isPending}
      >
        {t('visitors.apply.submit')}
      </Button>
    </form>
  );
}

/** A host invites one or several visitors. */
function InvitationForm({ areas }: { areas: VisitorArea[] }) {
  const { t } = useTranslation();
  const today = todayIso();
  const blank = (): InvitationValues => ({
    guests: [{ visitor_name: '', phone: '' }],
    in_school_date: today,
    in_school_reason: '',
    areas: areas.length === 1 ? [areas[0]!.id] : [],
  });
  const [v, setV] = useState<InvitationValues>(blank);
  const [submitted, setSubmitted] = useState(false);
  const save = useBatchSaveVisitorAppointment();
  const quota = useVisitorAvailableNumber(
    v.in_school_date,
    areas.map((a) => a.id),
    // each guest comes alone: the quota shown is for one person
    { peers: 0, in_child: 0 },
  );
  const errors = invitationErrors(v, today);
  const err = useErrorText(errors, submitted);
  const set = (patch: Partial<InvitationValues>) => setV((x) => ({ ...x, ...patch }));
  const setGuest = (i: number, patch: Partial<InvitationValues['guests'][number]>) =>
    set({ guests: v.guests.map((g, j) => (j === i ? { ...g, ...patch } : g)) });

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return showFirstError();
    save.mutate(invitationModels(v), {
      onSuccess: () => {
        void showToast(t('visitors.invite.sent', { count: v.guests.length }), 'success');
        setSubmitted(false);
        setV(blank());
      },
    });
  };

  return (
    <form
      className="yy-m-card yy-m-form"
      noValidate
      aria-labelledby="yy-v-invite-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 id="yy-v-invite-title">{t('visitors.invite.title')}</h2>
      <fieldset className="yy-m-field yy-v-guests">
        <legend className="yy-m-field-title yy-m-required">{t('visitors.invite.guests')}</legend>
        {v.guests.map((g, i) => (
          <div className="yy-v-guest" key={i}>
            <div>
              <input
                className="yy-m-input"
                aria-label={t('visitors.invite.guestName', { n: i + 1 })}
                placeholder={t('visitors.invite.name')}
                value={g.visitor_name}
                maxLength={50}
                onChange={(e) => setGuest(i, { visitor_name: e.target.value })}
              />
              {err(`guests.${i}.visitor_name`) && (
                <p className="yy-m-error-text" role="alert">
                  {err(`guests.${i}.visitor_name`)}
                </p>
              )}
            </div>
            <div>
              <input
                className="yy-m-input"
                type="tel"
                aria-label={t('visitors.invite.guestPhone', { n: i + 1 })}
                placeholder={t('visitors.invite.phone')}
                value={g.phone}
                maxLength={20}
                onChange={(e) => setGuest(i, { phone: e.target.value })}
              />
              {err(`guests.${i}.phone`) && (
                <p className="yy-m-error-text" role="alert">
                  {err(`guests.${i}.phone`)}
                </p>
              )}
            </div>
            {v.guests.length > 1 && (
              <Button
                size="mini"
                fill="none"
                color="danger"
                aria-label={t('visitors.invite.remove', { n: i + 1 })}
                onClick={() => set({ guests: v.guests.filter((_, j) => j !== i) })}
              >
                {t('visitors.invite.removeShort')}
              </Button>
            )}
          </div>
        ))}
        {err('guests') && (
          <p className="yy-m-error-text" role="alert">
            {err('guests')}
          </p>
        )}
        {v.guests.length < MAX_GUESTS && (
          <Button
            size="small"
            fill="outline"
            color="primary"
            onClick={() => set({ guests: [...v.guests, { visitor_name: '', phone: '' }] })}
          >
            {t('visitors.invite.add')}
          </Button>
        )}
      </fieldset>
      <VisitWhenWhere prefix="inv-" today={today} value={v} onChange={set} areas={areas} quota={quota} err={err} />
      {save.error && (
        <p className="yy-m-error-text" role="alert">
          {errorText(save.error)}
        </p>
      )}
      <Button block type="submit" color="primary" loading={save.isPending}>
        {t('visitors.invite.submit')}
      </Button>
    </form>
  );
}

/** The visits awaiting the host's approval. */
function AwaitingApproval() {
  const { t } = useTranslation();
  const list = useVisits({ first: 50, offset: 0, only_flow: '1' });
  return (
    <section className="yy-m-card" aria-labelledby="yy-v-awaiting">
      <h2 id="yy-v-awaiting">{t('visitors.host.awaiting')}</h2>
      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data.edges.length ? (
        <Empty title={t('visitors.host.noneAwaiting')} />
      ) : (
        <ul className="yy-v-list" aria-labelledby="yy-v-awaiting">
          {list.data.edges.map(({ node }) => (
            <VisitCard key={node.id} visit={node} showVisitor />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A visitor's own links: their information (while information is collected), and signing out (a
 * visitor has no person centre).
 */
function VisitorLinks({ infoCollection }: { infoCollection: boolean }) {
  const { t } = useTranslation();
  const leave = () =>
    showConfirm({
      content: t('visitors.home.signOutConfirm'),
      confirmText: t('common.signOut'),
      cancelText: t('common.cancel'),
      onConfirm: () => signOut(),
    });
  return (
    <nav className="yy-v-links" aria-label={t('visitors.home.mine')}>
      {infoCollection && <Link to={visitorPaths.addinfo}>{t('visitors.home.myInfo')}</Link>}
      <button type="button" className="yy-v-link" onClick={leave}>
        {t('common.signOut')}
      </button>
    </nav>
  );
}

/** The administrator's welcome: banner and (cleaned) text. */
function Welcome({ config }: { config: CategoryConfig }) {
  const { t } = useTranslation();
  const s = config.overallSettings;
  const html = useMemo(() => sanitizeHtml(s?.welcome_content ?? ''), [s?.welcome_content]);
  return (
    <header className="yy-v-header">
      {s?.banner_img && <img className="yy-v-banner" src={s.banner_img} alt="" />}
      <h1>{s?.sys_name || t('route.mobile.visitorHome')}</h1>
      {s?.is_welcome_setting === 1 && html && (
        <div className="yy-v-welcome" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </header>
  );
}

/**
 * The visitor pages' home (`/mobile/visitor/home`): a visitor sees the welcome and applies for a
 * visit; a signed-in user of the directory (a host) invites visitors and approves their visits.
 */
export default function VisitorHome() {
  const { t } = useTranslation();
  const { user } = useSession();
  const visitor = isVisitorUser(user);
  const config = useVisitorCategoryConfig();
  const areas = config.data?.areas ?? [];
  const { infoCollection } = visitorSwitches(config.data);
  return (
    <div className="yy-m-page yy-v-page yy-m-page-with-bar">
      {config.isPending ? (
        <Loading />
      ) : config.error ? (
        <LoadFailed error={config.error} onRetry={() => void config.refetch()} />
      ) : (
        <>
          <Welcome config={config.data} />
          {visitor && <VisitorLinks infoCollection={infoCollection} />}
          {visitor ? (
            offered(config.data, '1') ? (
              <ApplicationForm areas={areas} infoCollection={infoCollection} />
            ) : (
              <Empty title={t('visitors.apply.closed')} />
            )
          ) : (
            <>
              <AwaitingApproval />
              {offered(config.data, '2') ? (
                <InvitationForm areas={areas} />
              ) : (
                <Empty title={t('visitors.invite.closed')} />
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
