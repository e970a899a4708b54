import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NoticeContent } from '../../../../components/NoticeContent.tsx';
import { useNotice } from '../../../../features/notices/api/findNotice.ts';
import { pick } from '../../../../lib/i18n.ts';
import { pcPaths } from '../../paths.ts';

/** One notice (`/pc/announcementDetail/{id}`); its HTML was sanitized by the server. */
export default function AnnouncementDetail() {
  const { t } = useTranslation();
  const { id } = useParams();
  const notice = useNotice(id);
  const back = (
    <Link to={pcPaths.announcements}>
      <Button type="link" icon={<ArrowLeftOutlined />}>
        {t('route.pc.announcements')}
      </Button>
    </Link>
  );
  if (notice.isPending)
    return (
      <Card variant="borderless">
        <Skeleton active />
      </Card>
    );
  if (notice.error || !notice.data) {
    return <Result status="404" title={t('notices.message.notFound')} extra={back} />;
  }
  const n = notice.data;
  return (
    <Card variant="borderless" className="yy-pc-notice-detail" extra={back}>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {pick(n.title, n.title_en)}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {t('notices.message.releasedAt', { time: n.release_time })}
      </Typography.Paragraph>
      <NoticeContent html={pick(n.content, n.content_en)} />
    </Card>
  );
}
