import { Alert, Button, Empty, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import './booking-guests.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../../features/booking/result.ts';
import { useCancelVisitorAppointment } from '../../../../features/visitors/api/cancelVisitorAppointment.ts';
import { useVisitorSwitches } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { useSaveVisitorAppointment } from '../../../../features/visitors/api/saveVisitorAppointment.ts';
import {
  guestErrors,
  guestModel,
  useBookingGuests,
  type GuestValues,
} from '../../../../features/visitors/bookingGuests.ts';
import { visitStateView } from '../../../../features/visitors/states.ts';
import type { Visit } from '../../../../features/visitors/types.ts';
import { visitorPaths } from '../../../mobile/pages/visitors/paths.ts';

/** The reason asked before a guest's visit is cancelled; a refusal stays in the dialog. */
function CancelGuest({ guest, onClose }: { guest: Visit; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelVisitorAppointment();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = tried && !reason.trim();
  return (
    <Modal
      open
      title={t('visitors.guests.cancelTitle', { name: guest.visitor_name ?? '' })}
      okText={t('visitors.guests.cancel')}
      okButtonProps={{ danger: true, loading: cancel.isPending }}
      cancelText={t('visitors.detail.back')}
      onCancel={onClose}
      onOk={() => {
        setTried(true);
        if (!reason.trim()) return;
        cancel.mutate({ id: guest.id, reason: reason.trim() }, { onSuccess: onClose });
      }}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('visitors.detail.cancelReason')}
          htmlFor="yy-pc-guest-cancel-reason"
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('visitors.error.reason') : undefined}
        >
          <Input.TextArea
            id="yy-pc-guest-cancel-reason"
            rows={3}
            maxLength={200}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
      {cancel.error ? <Alert type="error" showIcon title={errorText(cancel.error)} /> : null}
    </Modal>
  );
}

/**
 * "Visitors" of a booking in the desktop booking detail, for its booker while it is open: the
 * guests added (state; entry pass on the phone pages; cancel) and adding one (name and mobile).
 */
export default function BookingGuestsPanel({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const guests = useBookingGuests(bookingId);
  // QR passes off (overall settings): no pass to open; the gate checks name and ID document.
  const { qrPasses } = useVisitorSwitches();
  const save = useSaveVisitorAppointment();
  const [v, setV] = useState<GuestValues>({ visitor_name: '', phone: '' });
  const [submitted, setSubmitted] = useState(false);
  const [cancelling, setCancelling] = useState<Visit | null>(null);
  const errors = guestErrors(v);
  const err = (name: string) => {
    const e = submitted ? errors[name] : undefined;
    return e ? t(e.key, e.values) : undefined;
  };

  const add = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    save.mutate(guestModel(bookingId, v), {
      onSuccess: () => {
        setSubmitted(false);
        setV({ visitor_name: '', phone: '' });
      },
    });
  };

  return (
    <section className="yy-pc-booking-guests" aria-labelledby="yy-pc-guests-title">
      <Typography.Title level={5} id="yy-pc-guests-title">
        {t('visitors.guests.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('visitors.guests.hint')}</Typography.Paragraph>
      {qrPasses === false && <Alert type="info" showIcon title={t('visitors.pass.noQr')} />}
      {guests.isPending ? (
        <Spin />
      ) : guests.error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(guests.error)}
          action={<Button onClick={() => void guests.refetch()}>{t('common.retry')}</Button>}
        />
      ) : !guests.data.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('visitors.guests.none')} />
      ) : (
        <ul className="yy-pc-guest-list">
          {guests.data.map((g) => (
            <li key={g.id}>
              <Space wrap>
                <span>{[g.visitor_name, g.phone].filter(Boolean).join(' · ')}</span>
                <Typography.Text type="secondary">{t(visitStateView(g.state).key)}</Typography.Text>
              </Space>
              <Space>
                {g.state === 2 && qrPasses === true ? (
                  <Link
                    to={visitorPaths.qrcode(g.id)}
                    aria-label={t('visitors.guests.passOf', { name: g.visitor_name ?? '' })}
                  >
                    {t('visitors.guests.pass')}
                  </Link>
                ) : null}
                {g.can_cancel ? (
                  <Button
                    size="small"
                    aria-label={t('visitors.guests.cancelOf', { name: g.visitor_name ?? '' })}
                    onClick={() => setCancelling(g)}
                  >
                    {t('visitors.guests.cancel')}
                  </Button>
                ) : null}
              </Space>
            </li>
          ))}
        </ul>
      )}
      <Form
        layout="inline"
        className="yy-pc-guest-form"
        aria-label={t('visitors.guests.add')}
        onFinish={add}
        style={{ marginTop: 12, rowGap: 8 }}
      >
        <Form.Item validateStatus={err('visitor_name') ? 'error' : undefined} help={err('visitor_name')}>
          <Input
            aria-label={t('visitors.invite.name')}
            placeholder={t('visitors.invite.name')}
            maxLength={50}
            value={v.visitor_name}
            onChange={(e) => setV((x) => ({ ...x, visitor_name: e.target.value }))}
          />
        </Form.Item>
        <Form.Item validateStatus={err('phone') ? 'error' : undefined} help={err('phone')}>
          <Input
            type="tel"
            aria-label={t('visitors.invite.phone')}
            placeholder={t('visitors.invite.phone')}
            maxLength={20}
            value={v.phone}
            onChange={(e) => setV((x) => ({ ...x, phone: e.target.value }))}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" type="primary" loading={save.isPending}>
            {t('visitors.guests.add')}
          </Button>
        </Form.Item>
      </Form>
      {save.error ? (
        <Alert style={{ marginTop: 8 }} type="error" showIcon role="alert" title={errorText(save.error)} />
      ) : null}
      {cancelling ? <CancelGuest guest={cancelling} onClose={() => setCancelling(null)} /> : null}
    </section>
  );
}
