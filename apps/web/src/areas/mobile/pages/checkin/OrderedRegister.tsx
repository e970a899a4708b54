import { Button, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBookableResource } from '../../../../features/booking/api/findResources.ts';
import { bookingDate, todayIso } from '../../../../features/booking/dates.ts';
import { errorText } from '../../../../features/booking/result.ts';
import { useAppointmentSignAll } from '../../../../features/checkin/api/findAppointmentSignAll.ts';
import type { SignResult } from '../../../../features/checkin/api/result.ts';
import { useUpdateAppointmentPerformState } from '../../../../features/checkin/api/updateAppointmentPerformState.ts';
import { useUpdateAppointmentSignOut } from '../../../../features/checkin/api/updateAppointmentSignOut.ts';
import { VerdictTag } from '../../../../features/checkin/components/SignInfo.tsx';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { byStartTime, countsByResource } from '../../../../features/checkin/overview.ts';
import { checkinPaths } from '../../../../features/checkin/paths.ts';
import { shortWallTime, signVerdict } from '../../../../features/checkin/signs.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { PageNav } from '../../components/PageNav.tsx';
import { showConfirm, showToast } from '../../components/overlay.ts';
import { DateSwitcher } from './DateSwitcher.tsx';
import { loadBlock } from './loadBlock.tsx';
import { CONFIRMED_ACTIONS, operationOf, registerActions, type RegisterAction } from './registerDesk.ts';
import '../booking/booking.css';
import './checkin.css';
import './register.css';

const MAX_SIGNS = 200;
/** The search waits this long after the last key before asking the server. */
const SEARCH_DELAY_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const BUTTON: Record<
  RegisterAction,
  { label: string; color: 'primary' | 'success' | 'danger'; fill: 'solid' | 'outline' }
> = {
  arrive: { label: 'checkin.register.arrive', color: 'primary', fill: 'solid' },
  leave: { label: 'checkin.register.leave', color: 'primary', fill: 'solid' },
  honour: { label: 'checkin.mark.correct', color: 'success', fill: 'outline' },
  missed: { label: 'checkin.mark.missed', color: 'danger', fill: 'outline' },
};

/** What happened at the desk so far: check-in, check-out or no-show, with when and by whom. */
function SignLine({ sign }: { sign: AppointmentSign }) {
  const { t } = useTranslation();
  const day = bookingDate(sign.appointment_date);
  const by = (way: string, name: string) => (way === '1' || !name ? '' : `（${name}）`);
  const parts: string[] = [];
  if (sign.sign_in_time) {
    parts.push(
      t('checkin.register.signedIn', { time: shortWallTime(sign.sign_in_time, day) }) +
        by(sign.sign_in_way, sign.sign_in_user_name),
    );
  }
  if (sign.sign_out_time) {
    parts.push(
      t('checkin.register.signedOut', { time: shortWallTime(sign.sign_out_time, day) }) +
        by(sign.sign_out_way, sign.sign_out_user_name),
    );
  }
  if (sign.missed_time) parts.push(t('checkin.register.missedAt', { time: shortWallTime(sign.missed_time, day) }));
  if (!parts.length && sign.sign_in_start && sign.sign_in_end) {
    parts.push(
      t('checkin.register.window', {
        start: shortWallTime(sign.sign_in_start, day),
        end: shortWallTime(sign.sign_in_end, day),
      }),
    );
  }
  return <span className="yy-m-muted yy-mr-sign">{parts.join(' · ')}</span>;
}

/**
 * One booking at the desk: who, when, its check-in state, and the registrations staff may make
 * (arrival, departure, honoured, no-show). The list changes only once the server has accepted a
 * registration (then it is read again); a refusal stays under the booking with the reason.
 */
function RegisterRow({ sign, now }: { sign: AppointmentSign; now: number }) {
  const { t } = useTranslation();
  const perform = useUpdateAppointmentPerformState();
  const signOut = useUpdateAppointmentSignOut();
  const [busy, setBusy] = useState<RegisterAction | null>(null);
  const [error, setError] = useState('');
  const name = sign.appointment_user_name || sign.appointment_user;
  const actions = registerActions(sign);

  const send = async (action: RegisterAction) => {
    setError('');
    setBusy(action);
    try {
      const operation = operationOf(action);
      const result: SignResult =
        operation.op === 'updateAppointmentSignOut'
          ? await signOut.mutateAsync(sign.id)
          : await perform.mutateAsync({ id: sign.id, mark: operation.mark });
      void showToast(pick(result.msg, result.msg_en), 'success');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };

  const run = (action: RegisterAction) => {
    if (!CONFIRMED_ACTIONS.has(action)) return void send(action);
    void showConfirm({
      title: t(action === 'missed' ? 'checkin.mark.missedConfirmTitle' : 'checkin.register.honourConfirmTitle'),
      content: t(action === 'missed' ? 'checkin.mark.missedConfirm' : 'checkin.mark.performedConfirm', { name }),
      confirmText: t(BUTTON[action].label),
      cancelText: t('checkin.mark.keep'),
      onConfirm: () => send(action),
    });
  };

  return (
    <li className="yy-mr-item" aria-label={`${sign.start_time}-${sign.end_time} ${name}`}>
      <div className="yy-mr-head">
        <span className="yy-mc-row-main">
          <strong>
            {sign.start_time}-{sign.end_time} {name}
          </strong>
          <span className="yy-m-muted">{[sign.appointment_user, sign.dept_name].filter(Boolean).join(' · ')}</span>
          <SignLine sign={sign} />
        </span>
        <span className="yy-mc-row-side">
          <VerdictTag verdict={signVerdict(sign, now)} />
        </span>
      </div>
      {actions.length > 0 && (
        <div className="yy-mr-actions">
          {actions.map((a) => (
            <Button
              key={a}
              size="small"
              color={BUTTON[a].color}
              fill={BUTTON[a].fill}
              loading={busy === a}
              disabled={busy !== null && busy !== a}
              onClick={() => run(a)}
            >
              {t(BUTTON[a].label)}
            </Button>
          ))}
        </div>
      )}
      {error && (
        <p className="yy-m-error-text yy-mr-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * Booking registration (`/mobile/ordered/register/{id}`, the resource's administrators): the
 * resource's bookings of a day (today first), searchable by the booker's name or account, with
 * their check-in state; staff register arrival and departure or mark honoured or a no-show by
 * hand, with the server operations the scan page and the back office use.
 */
export default function OrderedRegister() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [date, setDate] = useState(todayIso);
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const now = useNow(30_000);
  const resource = useBookableResource(id);
  const query = useAppointmentSignAll({
    first: MAX_SIGNS,
    offset: 0,
    filter: { resources_id: { eq: id } },
    appointmentDate: [date],
    ...(keyword ? { keyword } : {}),
  });
  const rows = byStartTime(query.data?.edges.map((e) => e.node) ?? []);
  const counts = countsByResource(rows).get(id);
  const name = resource.data ? pick(resource.data.resources_name, resource.data.resources_name_en) : '';

  let body = loadBlock(
    query,
    rows.length ? null : t(keyword ? 'checkin.register.noMatch' : 'checkin.overview.noneOnDate'),
  );
  if (!body) {
    body = (
      <section className="yy-m-card" aria-label={t('checkin.overview.bookings')}>
        <p className="yy-m-muted">
          {t('checkin.overview.total', { n: query.data?.totalCount ?? rows.length })}
          {counts && counts['0'] > 0 ? ` · ${t('checkin.overview.toCheckIn', { n: counts['0'] })}` : ''}
          {counts && counts['1'] + counts['2'] > 0
            ? ` · ${t('checkin.overview.checkedIn', { n: counts['1'] + counts['2'] })}`
            : ''}
          {query.isFetching ? ` · ${t('checkin.code.loading')}` : ''}
        </p>
        {(query.data?.totalCount ?? 0) > rows.length && (
          <p className="yy-m-muted">{t('checkin.overview.more', { n: query.data?.totalCount })}</p>
        )}
        <ul className="yy-mc-list">
          {rows.map((s) => (
            <RegisterRow key={s.id} sign={s} now={now} />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={t('route.mobile.orderedRegister')} fallback={checkinPaths.orderedResource(id)} />
      <p className="yy-m-muted" style={{ margin: '10px 12px 0' }}>
        {name ? `${t('checkin.staff.forResource', { name })} · ` : ''}
        {t('checkin.register.intro')}
      </p>
      <DateSwitcher date={date} onChange={setDate} />
      <div className="yy-m-card" style={{ padding: '8px 12px' }}>
        <Input
          value={search}
          onChange={setSearch}
          clearable
          placeholder={t('checkin.register.search')}
          aria-label={t('checkin.register.search')}
        />
      </div>
      {body}
    </div>
  );
}
