import { ExportOutlined } from '@ant-design/icons';
import { Alert, Card, Empty, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { chosenPage, outsidePagesOf } from '../../../../features/manage-home/outsidePages.ts';
import { pick } from '../../../../lib/i18n.ts';
import './iframe.css';

/** How long a page may take to load before the page says it may have been refused. */
export const FRAME_LOAD_TIMEOUT_MS = 10_000;

type FrameState = 'loading' | 'loaded' | 'slow';

/**
 * The external page in a sandboxed frame. A page that refuses to be framed (X-Frame-Options,
 * frame-ancestors) fires no error the app can see: browsers show an empty or error frame and may
 * still fire `load`. So the page says so when loading takes too long, and always offers the page
 * in a new tab.
 */
function Frame({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<FrameState>('loading');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    setState('loading');
    timer.current = window.setTimeout(() => setState((s) => (s === 'loading' ? 'slow' : s)), FRAME_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer.current);
  }, [url]);
  const newTab = (
    <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
      <ExportOutlined /> {t('manageHome.outside.newTab')}
    </Typography.Link>
  );
  return (
    <>
      <Alert
        type={state === 'slow' ? 'warning' : 'info'}
        showIcon
        role={state === 'slow' ? 'alert' : 'status'}
        title={state === 'slow' ? t('manageHome.outside.slow') : t('manageHome.outside.hint')}
        description={newTab}
        className="yy-outside-note"
      />
      <iframe
        key={url}
        className="yy-outside-frame"
        src={url}
        title={title}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        referrerPolicy="no-referrer"
        onLoad={() => {
          window.clearTimeout(timer.current);
          setState('loaded');
        }}
      />
    </>
  );
}

/**
 * `/manage/iframe/outside` (spec 2.4): an external page of the settings (`outside_pages`) in a
 * sandboxed frame; `?index=` or `?url=` picks one, a chooser lists them when there are several.
 */
export default function IframeOutside() {
  const { t } = useTranslation();
  const { settings, permission } = useSession();
  const [params] = useSearchParams();
  const pages = outsidePagesOf(settings);
  const chosen = chosenPage(pages, params);
  const asked = params.has('index') || params.has('url');

  if (!pages.length) {
    return (
      <Card title={t('route.manage.iframeOutside')}>
        <Empty
          description={
            <Space direction="vertical">
              <span>{t('manageHome.outside.none')}</span>
              {permission === 'admin' ? (
                <Link to="/manage/settings/sys">{t('manageHome.outside.configure')}</Link>
              ) : null}
            </Space>
          }
        />
      </Card>
    );
  }
  return (
    <Card
      title={chosen ? pick(chosen.name, chosen.name_en) : t('route.manage.iframeOutside')}
      className="yy-outside"
      extra={
        pages.length > 1 ? (
          <nav aria-label={t('manageHome.outside.choose')}>
            <Space wrap>
              {pages.map((p, i) => (
                <Link
                  key={`${i}-${p.url}`}
                  to={`?index=${i}`}
                  aria-current={chosen === p ? 'page' : undefined}
                  className={chosen === p ? 'yy-outside-current' : undefined}
                >
                  {pick(p.name, p.name_en)}
                </Link>
              ))}
            </Space>
          </nav>
        ) : null
      }
    >
      {asked && !chosen ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('manageHome.outside.unknown')}
          className="yy-outside-note"
        />
      ) : null}
      {chosen ? (
        <Frame url={chosen.url} title={pick(chosen.name, chosen.name_en)} />
      ) : (
        <Typography.Paragraph>{t('manageHome.outside.pick')}</Typography.Paragraph>
      )}
    </Card>
  );
}
