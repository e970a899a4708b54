import { Button, Space } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCalendarFeed,
  useDeleteCalendarFeed,
  useSaveCalendarFeed,
  type MadeFeed,
} from '../../../../../features/calendar/api.ts';
import { copyText } from '../../../../../features/calendar/copy.ts';
import { errorText } from '../../../../../features/booking/result.ts';
import { showConfirm, showToast } from '../../../components/overlay.ts';
import './calendar.css';

/**
 * "Subscribe to my calendar" on the phone's personal centre: makes the user's private feed and
 * shows its URL once (copy, open in a calendar app by webcal://), replaces or turns it off.
 */
export function CalendarSubscription() {
  const { t } = useTranslation();
  const target = { kind: 'user' } as const;
  const feed = useCalendarFeed(target);
  const save = useSaveCalendarFeed(target);
  const remove = useDeleteCalendarFeed(target);
  const [made, setMade] = useState<MadeFeed | null>(null);

  const make = async () => {
    try {
      setMade(await save.mutateAsync());
    } catch (err) {
      void showToast(errorText(err), 'fail');
    }
  };
  const rotate = () =>
    showConfirm({
      content: t('calendar.rotateConfirm'),
      confirmText: t('calendar.rotate'),
      cancelText: t('common.cancel'),
      onConfirm: make,
    });
  const revoke = (id: string) =>
    showConfirm({
      content: t('calendar.revokeConfirm'),
      confirmText: t('calendar.revoke'),
      cancelText: t('common.cancel'),
      onConfirm: async () => {
        try {
          await remove.mutateAsync(id);
          setMade(null);
          void showToast(t('calendar.revoked'), 'success');
        } catch (err) {
          void showToast(errorText(err), 'fail');
        }
      },
    });
  const copy = async (url: string) => {
    const done = await copyText(url);
    void showToast(t(done ? 'calendar.copied' : 'calendar.copyFailed'), done ? 'success' : 'fail');
  };

  const live = feed.data ?? null;
  return (
    <section className="yy-m-card yy-m-calendar" aria-labelledby="yy-m-calendar" data-testid="calendar-subscription">
      <h2 id="yy-m-calendar">{t('calendar.subscribe')}</h2>
      <p className="yy-m-calendar-intro">{t('calendar.intro')}</p>
      {feed.isError ? <p role="alert">{t('calendar.loadFailed')}</p> : null}
      {made ? (
        <div className="yy-m-calendar-made" data-testid="calendar-url-box">
          <p className="yy-m-calendar-warn" role="note">
            {t('calendar.urlOnce')}
          </p>
          <label className="yy-m-calendar-label" htmlFor="yy-m-calendar-url">
            {t('calendar.urlLabel')}
          </label>
          <textarea
            id="yy-m-calendar-url"
            className="yy-m-calendar-url"
            readOnly
            rows={3}
            value={made.url}
            onFocus={(e) => e.currentTarget.select()}
          />
          <Space wrap>
            <Button size="small" color="primary" onClick={() => void copy(made.url)}>
              {t('calendar.copy')}
            </Button>
            <a className="adm-button adm-button-default adm-button-small yy-m-calendar-open" href={made.webcal_url}>
              {t('calendar.openInApp')}
            </a>
          </Space>
        </div>
      ) : null}
      {feed.isSuccess ? (
        <p className="yy-m-calendar-state" data-testid="calendar-state">
          {live ? t('calendar.active', { time: live.create_time }) : t('calendar.none')}
        </p>
      ) : null}
      <Space wrap>
        {live ? (
          <>
            <Button size="small" loading={save.isPending} onClick={() => void rotate()}>
              {t('calendar.rotate')}
            </Button>
            <Button size="small" color="danger" fill="outline" onClick={() => void revoke(live.id)}>
              {t('calendar.revoke')}
            </Button>
          </>
        ) : (
          <Button
            size="small"
            color="primary"
            loading={save.isPending}
            disabled={!feed.isSuccess}
            onClick={() => void make()}
          >
            {t('calendar.create')}
          </Button>
        )}
      </Space>
    </section>
  );
}
