import { LeftOutlined, QrcodeOutlined, RightOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBookableResource } from '../../../../features/booking/api/findResources.ts';
import { addDays, todayIso } from '../../../../features/booking/dates.ts';
import { errorText } from '../../../../features/booking/result.ts';
import { useAppointmentSignAll } from '../../../../features/checkin/api/findAppointmentSignAll.ts';
import { ResourceCodeQr } from '../../../../features/checkin/components/ResourceCodeQr.tsx';
import { VerdictTag } from '../../../../features/checkin/components/SignInfo.tsx';
import { useNow } from '../../../../features/checkin/components/useNow.ts';
import { byStartTime, SIGN_STATE_FILTERS, type SignStateFilter } from '../../../../features/checkin/overview.ts';
import { shortWallTime, signVerdict } from '../../../../features/checkin/signs.ts';
import type { AppointmentSign, SignDirection } from '../../../../features/checkin/types.ts';
import { useScanHandler, type ScanOutcome } from '../../../../features/checkin/useScanHandler.ts';
import { pick } from '../../../../lib/i18n.ts';
import { BookingById, MarkButtons } from './BookingPanel.tsx';
import { ScanInput } from './ScanInput.tsx';
import { ScanOutcomeAlert } from './ScanOutcomeAlert.tsx';
import './signer.css';

const MAX_ROWS = 200;

/** One day's confirmed bookings of the resource with their check-in state and the markings. */
function DayBookings({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation();
  const today = todayIso();
  const [date, setDate] = useState(today);
  const [signState, setSignState] = useState<SignStateFilter>('');
  const now = useNow(30_000);
  const query = useAppointmentSignAll({
    first: MAX_ROWS,
    offset: 0,
    filter: { resources_id: { eq: resourceId } },
    appointmentDate: [date],
    ...(signState ? { signState } : {}),
  });
  const rows = byStartTime(query.data?.edges.map((e) => e.node) ?? []);
  return (
    <Card
      title={t('checkin.overview.bookings')}
      extra={
        <Space wrap>
          <Button
            icon={<LeftOutlined />}
            aria-label={t('checkin.overview.prevDay')}
            onClick={() => setDate(addDays(date, -1))}
          />
          <Typography.Text strong aria-live="polite">
            {date}
            {date === today ? ` · ${t('checkin.overview.todayLabel')}` : ''}
          </Typography.Text>
          <Button
            icon={<RightOutlined />}
            aria-label={t('checkin.overview.nextDay')}
            onClick={() => setDate(addDays(date, 1))}
          />
          <Select<SignStateFilter>
            value={signState}
            onChange={setSignState}
            style={{ width: 120 }}
            aria-label={t('checkin.overview.filter')}
            options={SIGN_STATE_FILTERS.map((v) => ({ value: v, label: t(`checkin.overview.state.${v || 'all'}`) }))}
          />
        </Space>
      }
    >
      {query.error ? (
        <Alert type="error" showIcon title={t('checkin.overview.loadFailed')} description={errorText(query.error)} />
      ) : (
        <Table<AppointmentSign>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 600 }}
          locale={{ emptyText: t(signState ? 'checkin.overview.noneInState' : 'checkin.overview.noneOnDate') }}
          columns={[
            {
              key: 'time',
              title: t('checkin.booking.time'),
              render: (_, s) => `${s.start_time}-${s.end_time}`,
              width: 110,
            },
            {
              key: 'booker',
              title: t('checkin.booking.booker'),
              render: (_, s) => (
                <span>
                  {s.appointment_user_name || s.appointment_user}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {[s.appointment_user, s.dept_name].filter(Boolean).join(' · ')}
                  </Typography.Text>
                </span>
              ),
            },
            {
              key: 'state',
              title: t('checkin.booking.state'),
              render: (_, s) => <VerdictTag verdict={signVerdict(s, now)} />,
              width: 100,
            },
            {
              key: 'signed',
              title: t('checkin.info.signedIn'),
              render: (_, s) => shortWallTime(s.sign_in_time, date) || '—',
              width: 90,
            },
            {
              key: 'actions',
              title: t('checkin.booking.actions'),
              render: (_, s) => <MarkButtons sign={s} size="small" />,
            },
          ]}
        />
      )}
      {query.data && query.data.totalCount > rows.length && (
        <Typography.Text type="secondary">{t('checkin.overview.more', { n: query.data.totalCount })}</Typography.Text>
      )}
    </Card>
  );
}

/**
 * Staff voucher scanner of a resource (`/pc/appointmentScanner/{resourceId}`): scan a booker's
 * voucher (USB scanner, paste or picture) to check the booking in or out, see it with its
 * check-in record and mark it honoured or missed; the day's bookings of the resource with
 * their state; the venue's on-screen check-in code.
 */
export default function AppointmentScanner() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const resource = useBookableResource(id);
  const [direction, setDirection] = useState<SignDirection>('in');
  const [outcome, setOutcome] = useState<(ScanOutcome & { key: number }) | null>(null);
  const [showCode, setShowCode] = useState(false);
  const scan = useScanHandler('staff');
  const name = resource.data ? pick(resource.data.resources_name, resource.data.resources_name_en) : '';

  const onText = async (text: string): Promise<boolean> => {
    const result = await scan.handle(text, direction);
    if (result.action === 'refuse' && !text.trim()) return false;
    setOutcome((o) => ({ ...result, key: (o?.key ?? 0) + 1 }));
    return true;
  };

  return (
    <div>
      <Space align="center" style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <div>
          <h1 className="yy-pc-signer-title">{t('route.pc.appointmentScanner')}</h1>
          <Typography.Text type="secondary">
            {name ? t('checkin.staff.forResource', { name }) : t('checkin.staff.intro')}
          </Typography.Text>
        </div>
        <Button icon={<QrcodeOutlined />} onClick={() => setShowCode(true)}>
          {t('checkin.overview.showCode')}
        </Button>
      </Space>
      <div className="yy-pc-signer-grid">
        <div className="yy-pc-signer-stack">
          <Card title={t('checkin.staff.scanTitle')}>
            <ScanInput
              direction={direction}
              onDirection={setDirection}
              onText={onText}
              busy={scan.busy}
              label={t('checkin.staff.manualLabel')}
            />
          </Card>
          <div aria-live="polite" className="yy-pc-signer-stack">
            {outcome && <ScanOutcomeAlert outcome={outcome} />}
            {outcome?.bookingId && (
              <BookingById
                key={`${outcome.key}-${outcome.bookingId}`}
                id={outcome.bookingId}
                extra={(sign) =>
                  sign.resources_id !== id ? (
                    <Alert
                      type="warning"
                      showIcon
                      style={{ marginBottom: 12 }}
                      title={t('checkin.staff.otherResource', {
                        name: pick(sign.resources_name, sign.resources_name_en),
                      })}
                    />
                  ) : null
                }
              />
            )}
          </div>
        </div>
        <DayBookings resourceId={id} />
      </div>
      <Modal
        open={showCode}
        title={name || t('checkin.overview.showCode')}
        footer={null}
        onCancel={() => setShowCode(false)}
        destroyOnHidden
      >
        <ResourceCodeQr resourcesId={id} name={name} />
      </Modal>
    </div>
  );
}
