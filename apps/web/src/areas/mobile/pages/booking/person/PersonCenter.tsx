import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../../../../app/session.tsx';
import { signOut } from '../../../../../features/auth/auth.ts';
import { managesBookings } from '../../../../../features/directory/permission.ts';
import { useAppointmentsForAccount } from '../../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { todayIso } from '../../../../../features/booking/dates.ts';
import { tabQuery, type AppointmentTab } from '../../../../../features/booking/status.ts';
import { currentLanguage, switchLanguage, type Language } from '../../../../../lib/i18n.ts';
import { showConfirm } from '../../../components/overlay.ts';
import { Segments } from '../../../components/Segments.tsx';
import { mobilePaths } from '../../../paths.ts';
import { visitorPaths } from '../../visitors/paths.ts';
import { BanNotice } from '../../../../../features/checkin/components/BanNotice.tsx';
import '../booking.css';
import { CalendarSubscription } from './CalendarSubscription.tsx';

/** How many bookings a tab of "my appointments" holds. */
function Count({ tab }: { tab: Exclude<AppointmentTab, 'favourites'> }) {
  const { t } = useTranslation();
  const query = useAppointmentsForAccount({ first: 1, ...tabQuery(tab, todayIso()) });
  return (
    <Link to={mobilePaths.myAppointmentTab(tab)}>
      <strong>{query.data ? query.data.totalCount : '–'}</strong>
      <span>{t(`booking.person.count.${tab}`)}</span>
    </Link>
  );
}

/**
 * Personal centre (`/mobile/personcenter`): who is signed in, contact and unit, booking
 * overview, language switch (bilingual tenants) and sign out.
 */
export default function PersonCenter() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { name, account, me, avatar, settings, permission, manageRoots } = useSession();
  const units = [...new Set((me?.positions ?? []).map((p) => p.dept?.name).filter(Boolean))].join('、');
  const posts = [...new Set((me?.positions ?? []).map((p) => p.post?.name).filter(Boolean))].join('、');
  const none = t('booking.person.none');
  // The booking overview is for tenant administrators and the administrators of a resource (its
  // owning department/post, `me.managesResources`, or a grant); the server lists only what the caller manages.
  const staff = managesBookings(permission, manageRoots);

  const leave = () =>
    showConfirm({
      content: t('booking.person.signOutConfirm'),
      confirmText: t('common.signOut'),
      cancelText: t('common.cancel'),
      onConfirm: () => signOut(),
    });

  return (
    <div className="yy-m-page">
      <header className="yy-m-person-head">
        <span className="yy-m-person-avatar" aria-hidden>
          {avatar ? <img src={avatar} alt="" /> : name.slice(0, 1)}
        </span>
        <div>
          <h1>{name}</h1>
          <p>{t('booking.person.accountIs', { account })}</p>
        </div>
      </header>
      <BanNotice />
      <section className="yy-m-card yy-m-overview" aria-labelledby="yy-m-overview">
        <h2 id="yy-m-overview">{t('booking.person.overview')}</h2>
        <div className="yy-m-overview-grid">
          <Count tab="todo" />
          <Count tab="progress" />
          <Count tab="reserved" />
        </div>
      </section>
      <List className="yy-m-person-list" header={t('booking.person.info')}>
        <List.Item extra={me?.username || name}>{t('booking.person.username')}</List.Item>
        <List.Item extra={account}>{t('booking.person.account')}</List.Item>
        <List.Item extra={me?.phone || none}>{t('booking.person.phone')}</List.Item>
        <List.Item extra={me?.email || none}>{t('booking.person.email')}</List.Item>
        <List.Item extra={units || none} description={posts || undefined}>
          {t('booking.person.unit')}
        </List.Item>
      </List>
      <CalendarSubscription />
      <List className="yy-m-person-list">
        {settings.bilingual === '1' && (
          <List.Item
            extra={
              <Segments<Language>
                label={t('common.language')}
                value={currentLanguage()}
                options={[
                  { label: t('common.zh'), value: 'zh' },
                  { label: t('common.en'), value: 'en' },
                ]}
                onChange={switchLanguage}
              />
            }
          >
            {t('common.language')}
          </List.Item>
        )}
        <List.Item onClick={() => navigate(mobilePaths.qrcodeScanner)}>{t('route.mobile.qrcodeScanner')}</List.Item>
        <List.Item onClick={() => navigate(mobilePaths.myQrcode)}>{t('route.mobile.myQrcode')}</List.Item>
        {staff && (
          <List.Item onClick={() => navigate(mobilePaths.orderedResources)}>
            {t('route.mobile.orderedResources')}
          </List.Item>
        )}
        <List.Item onClick={() => navigate(visitorPaths.home)}>{t('route.mobile.visitorHome')}</List.Item>
        <List.Item onClick={() => navigate(mobilePaths.menuManage)}>{t('route.mobile.menuManage')}</List.Item>
        <List.Item onClick={() => navigate(mobilePaths.announcements)}>{t('route.mobile.announcements')}</List.Item>
        <List.Item onClick={() => void leave()}>
          <span style={{ color: 'var(--adm-color-danger)' }}>{t('common.signOut')}</span>
        </List.Item>
      </List>
    </div>
  );
}
