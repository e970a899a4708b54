import { Alert, App, Button, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCalendarFeed,
  useDeleteCalendarFeed,
  useSaveCalendarFeed,
  type FeedTarget,
  type MadeFeed,
} from '../../../features/calendar/api.ts';
import { copyText } from '../../../features/calendar/copy.ts';
import { errorText } from '../../../features/booking/result.ts';

/**
 * A private calendar feed on the desktop pages (antd): the user's own (the portal's user menu)
 * or a resource's for its administrators (the back office's resource page). Makes the feed and
 * shows its URL once (copy, open by webcal://), replaces it or turns it off.
 */
export function CalendarFeedPanel({ target }: { target: FeedTarget }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const feed = useCalendarFeed(target);
  const save = useSaveCalendarFeed(target);
  const remove = useDeleteCalendarFeed(target);
  const [made, setMade] = useState<MadeFeed | null>(null);
  const live = feed.data ?? null;

  const make = async () => {
    try {
      setMade(await save.mutateAsync());
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const revoke = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      setMade(null);
      void message.success(t('calendar.revoked'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const copy = async (url: string) => {
    const done = await copyText(url);
    if (done) void message.success(t('calendar.copied'));
    else void message.warning(t('calendar.copyFailed'));
  };

  return (
    <div className="yy-calendar-feed" data-testid="calendar-feed-panel">
      <Typography.Paragraph type="secondary">
        {t(target.kind === 'user' ? 'calendar.intro' : 'calendar.introResource')}
      </Typography.Paragraph>
      {feed.isError ? <Alert type="error" showIcon title={t('calendar.loadFailed')} /> : null}
      {made ? (
        <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }} data-testid="calendar-url-box">
          <Alert type="warning" showIcon title={t('calendar.urlOnce')} />
          <label htmlFor={`yy-calendar-url-${target.kind}`}>{t('calendar.urlLabel')}</label>
          <Input.TextArea
            id={`yy-calendar-url-${target.kind}`}
            readOnly
            autoSize
            style={{ wordBreak: 'break-all', fontFamily: 'ui-monospace, monospace' }}
            value={made.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Space wrap>
            <Button type="primary" onClick={() => void copy(made.url)}>
              {t('calendar.copy')}
            </Button>
            <Button href={made.webcal_url}>{t('calendar.openInApp')}</Button>
          </Space>
        </Space>
      ) : null}
      {feed.isSuccess ? (
        <Typography.Paragraph data-testid="calendar-state">
          {live ? t('calendar.active', { time: live.create_time }) : t('calendar.none')}
        </Typography.Paragraph>
      ) : null}
      <Space wrap>
        {live ? (
          <>
            <Popconfirm
              title={t('calendar.rotateConfirm')}
              okText={t('calendar.rotate')}
              cancelText={t('common.cancel')}
              onConfirm={make}
            >
              <Button loading={save.isPending}>{t('calendar.rotate')}</Button>
            </Popconfirm>
            <Popconfirm
              title={t('calendar.revokeConfirm')}
              okText={t('calendar.revoke')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => revoke(live.id)}
            >
              <Button danger loading={remove.isPending}>
                {t('calendar.revoke')}
              </Button>
            </Popconfirm>
          </>
        ) : (
          <Button type="primary" loading={save.isPending} disabled={!feed.isSuccess} onClick={() => void make()}>
            {t('calendar.create')}
          </Button>
        )}
      </Space>
    </div>
  );
}
