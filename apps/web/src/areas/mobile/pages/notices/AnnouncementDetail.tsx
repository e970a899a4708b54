import { DotLoading, NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { NoticeContent } from '../../../../components/NoticeContent.tsx';
import { useNotice } from '../../../../features/notices/api/findNotice.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty } from '../../components/LoadState.tsx';

/** One notice (`/mobile/announcementDetail/{id}`); its HTML was sanitized by the server. */
export default function AnnouncementDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const notice = useNotice(id);
  const n = notice.data;
  return (
    <div className="yy-m-notice-detail">
      <NavBar
        onBack={() => navigate(-1)}
        backIcon={
          <span role="img" aria-label={t('notices.action.back')}>
            <LeftOutline />
          </span>
        }
      >
        {t('route.mobile.announcementDetail')}
      </NavBar>
      {notice.isPending ? (
        <div style={{ padding: 24, textAlign: 'center' }}>
          <DotLoading color="primary" />
        </div>
      ) : !n ? (
        <Empty title={t('notices.message.notFound')} />
      ) : (
        <article style={{ padding: '12px 16px', background: '#fff' }}>
          <h1 style={{ fontSize: 18, margin: '4px 0 6px' }}>{pick(n.title, n.title_en)}</h1>
          <p style={{ color: '#8c8c8c', fontSize: 13, margin: '0 0 12px' }}>
            {t('notices.message.releasedAt', { time: n.release_time })}
          </p>
          <NoticeContent html={pick(n.content, n.content_en)} />
        </article>
      )}
    </div>
  );
}
