import { ThunderboltOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppointmentsForAccount } from '../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { useResourcesAllByAccount } from '../../../../features/booking/api/findResourcesAllByAccount.ts';
import { errorText } from '../../../../features/booking/result.ts';
import type { Appointment } from '../../../../features/booking/types.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { currentLanguage, pick } from '../../../../lib/i18n.ts';
import { addDays, bookingDate, isoWeekday, todayIso } from '../../../../features/booking/dates.ts';
import { endsAt, startsAt } from '../../../../features/booking/status.ts';
import { STATUS_COLOR, bookingStatus } from '../../booking/appointmentStatus.ts';
import { FavouriteResources } from '../../evaluations/FavouriteResources.tsx';
import { pcPaths } from '../../paths.ts';

/** How far ahead the home page looks for the user's coming bookings. */
const UPCOMING_DAYS = 60;

/** The user's next bookings, soonest first (spec 2.2 "other reservations"). */
export function UpcomingAppointments() {
  const { t } = useTranslation();
  const today = todayIso();
  const list = useAppointmentsForAccount({
    first: 50,
    offset: 0,
    filter: { state: { eq: '0' }, audit_status: { in: ['0', '1', '2'] }, appointment_state: { eq: '0' } },
    appointmentDate: [today, addDays(today, UPCOMING_DAYS)],
  });
  const coming = useMemo(() => {
    const now = Date.now();
    return (list.data?.edges.map((e) => e.node) ?? [])
      .filter((a) => endsAt(a) > now)
      .sort((a, b) => startsAt(a) - startsAt(b))
      .slice(0, 5);
  }, [list.data]);
  const when = (a: Appointment) => {
    const d = bookingDate(a.appointment_date);
    return `${d.slice(5)} ${t(`pcBooking.weekday.${isoWeekday(d)}`)} ${a.start_time}–${a.end_time}`;
  };
  return (
    <Card
      title={<h2 className="yy-pc-home-title">{t('pcBooking.home.upcoming')}</h2>}
      extra={<Link to={pcPaths.myAppointment}>{t('home.more')}</Link>}
      variant="borderless"
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.error ? (
        <Alert type="error" showIcon title={errorText(list.error)} />
      ) : coming.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pcBooking.home.noUpcoming')} />
      ) : (
        <ul className="yy-pc-list" aria-label={t('pcBooking.home.upcoming')}>
          {coming.map((a) => {
            const s = bookingStatus(a, Date.now());
            return (
              <li key={a.id} className="yy-pc-home-upcoming">
                <span className="yy-pc-home-upcoming-name">{pick(a.resources_name, a.resources_name_en)}</span>
                <Typography.Text type="secondary" className="yy-pc-home-upcoming-time">
                  {when(a)}
                </Typography.Text>
                <Tag color={STATUS_COLOR[s]}>{t(`pcBooking.status.${s}`)}</Tag>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** Quick booking from home: a type and a resource, a resource booked before, or a favourite. */
export function QuickBookingCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const types = useResourcesTypeAllByAccount();
  const [typeId, setTypeId] = useState<string>();
  const [resourceId, setResourceId] = useState<string>();
  const resources = useResourcesAllByAccount(
    { typeId: typeId ?? '', first: 500, offset: 0, cur_language: currentLanguage() },
    Boolean(typeId),
  );
  const recent = useAppointmentsForAccount({ first: 30, offset: 0 });
  const recentResources = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of recent.data?.edges ?? []) {
      const a = e.node;
      if (!seen.has(a.resources_id)) seen.set(a.resources_id, pick(a.resources_name, a.resources_name_en));
    }
    return [...seen].slice(0, 6);
  }, [recent.data]);

  return (
    <Card
      title={
        <h2 className="yy-pc-home-title">
          <ThunderboltOutlined /> {t('pcBooking.home.quick')}
        </h2>
      }
      variant="borderless"
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <Select
          aria-label={t('pcBooking.home.pickType')}
          placeholder={t('pcBooking.home.pickType')}
          style={{ width: '100%' }}
          loading={types.isPending}
          value={typeId}
          onChange={(v: string) => {
            setTypeId(v);
            setResourceId(undefined);
          }}
          options={(types.data ?? []).map((ty) => ({
            value: ty.id,
            label: pick(ty.resources_name, ty.resources_name_en),
          }))}
        />
        <Select
          aria-label={t('pcBooking.home.pickResource')}
          placeholder={t('pcBooking.home.pickResource')}
          style={{ width: '100%' }}
          disabled={!typeId}
          loading={Boolean(typeId) && resources.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
          value={resourceId}
          onChange={(v: string) => setResourceId(v)}
          notFoundContent={resources.error ? errorText(resources.error) : undefined}
          options={(resources.data ?? []).map((r) => ({
            value: r.id,
            label: pick(r.resources_name, r.resources_name_en),
          }))}
        />
        <Button
          type="primary"
          block
          disabled={!resourceId}
          onClick={() => resourceId && navigate(pcPaths.quickBooking(resourceId))}
        >
          {t('pcBooking.home.book')}
        </Button>
        {recentResources.length ? (
          <div className="yy-pc-home-recent">
            <Typography.Text type="secondary">{t('pcBooking.home.recent')}</Typography.Text>
            <Space size={[6, 6]} wrap>
              {recentResources.map(([id, name]) => (
                <Button key={id} size="small" onClick={() => navigate(pcPaths.quickBooking(id))}>
                  {name}
                </Button>
              ))}
            </Space>
          </div>
        ) : null}
        <FavouriteResources />
      </Space>
    </Card>
  );
}
