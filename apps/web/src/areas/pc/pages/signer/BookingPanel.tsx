import { App, Button, Card, Descriptions, Empty, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { errorText } from '../../../../features/booking/result.ts';
import { useAppointmentSignInfo } from '../../../../features/checkin/api/findAppointmentSignInfo.ts';
import type { PerformMark } from '../../../../features/checkin/api/updateAppointmentPerformState.ts';
import { SignInfoView, VerdictTag } from '../../../../features/checkin/components/SignInfo.tsx';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { markOptions, signVerdict } from '../../../../features/checkin/signs.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { MarkDialog } from './MarkDialog.tsx';

/** The buttons that open the marking dialog for a booking (none when it cannot be marked). */
export function MarkButtons({ sign, size = 'middle' }: { sign: AppointmentSign; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [mark, setMark] = useState<PerformMark | null>(null);
  const can = markOptions(sign);
  if (!can.performed && !can.missed) return null;
  return (
    <>
      <Space wrap size="small">
        {can.performed && (
          <Button size={size} onClick={() => setMark('performed')}>
            {t(sign.appointment_state === '2' ? 'checkin.mark.correct' : 'checkin.mark.performed')}
          </Button>
        )}
        {can.missed && (
          <Button size={size} danger onClick={() => setMark('missed')}>
            {t('checkin.mark.missed')}
          </Button>
        )}
      </Space>
      {mark && (
        <MarkDialog
          sign={sign}
          mark={mark}
          onClose={() => setMark(null)}
          onDone={(text) => {
            setMark(null);
            void message.success(text);
          }}
        />
      )}
    </>
  );
}

/** A booking as staff see it: resource, time, booker, its check-in record and the markings. */
export function BookingPanel({
  sign,
  extra,
  marks = true,
}: {
  sign: AppointmentSign;
  extra?: React.ReactNode;
  /** Offer the staff markings. */
  marks?: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  return (
    <Card
      title={pick(sign.resources_name, sign.resources_name_en)}
      extra={<VerdictTag verdict={signVerdict(sign, now)} />}
      aria-label={t('checkin.signed.booking')}
    >
      {extra}
      <Descriptions
        size="small"
        column={2}
        items={[
          {
            key: 'time',
            label: t('checkin.booking.time'),
            children: `${bookingDate(sign.appointment_date)} ${sign.start_time}-${sign.end_time}`,
          },
          {
            key: 'booker',
            label: t('checkin.booking.booker'),
            children: [sign.appointment_user_name, sign.appointment_user].filter(Boolean).join(' / '),
          },
          ...(sign.dept_name ? [{ key: 'unit', label: t('checkin.booking.unit'), children: sign.dept_name }] : []),
          ...(sign.phone ? [{ key: 'phone', label: t('checkin.booking.phone'), children: sign.phone }] : []),
          ...(sign.theme ? [{ key: 'theme', label: t('checkin.booking.theme'), children: sign.theme }] : []),
        ]}
      />
      <div style={{ margin: '12px 0' }}>
        <SignInfoView sign={sign} now={now} heading={false} />
      </div>
      {marks && <MarkButtons sign={sign} />}
    </Card>
  );
}

/** A booking by id (a scanned voucher's or link's), loaded. */
export function BookingById({
  id,
  extra,
  marks = true,
}: {
  id: string;
  extra?: (sign: AppointmentSign) => React.ReactNode;
  marks?: boolean;
}) {
  const { t } = useTranslation();
  const query = useAppointmentSignInfo(id);
  if (query.isPending)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (query.error || !query.data) {
    return (
      <Card>
        <Empty
          description={query.error ? errorText(query.error) : t('checkin.info.notFound')}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
        >
          <Button onClick={() => void query.refetch()}>{t('checkin.code.retry')}</Button>
        </Empty>
      </Card>
    );
  }
  return <BookingPanel sign={query.data} extra={extra?.(query.data)} marks={marks} />;
}
