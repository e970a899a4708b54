import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Popconfirm, Space, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { awaitsApproval, isDeletable, isOpen, mayChangeTime } from '../../../../features/appointments-admin/status.ts';
import type { AdminAppointment } from '../../../../features/appointments-admin/types.ts';
import type { ReasonKind } from './ReasonDialog.tsx';

export interface BookingActionHandlers {
  onDetail?: (a: AdminAppointment) => void;
  onReason: (kind: ReasonKind, a: AdminAppointment) => void;
  onChangeTime: (a: AdminAppointment) => void;
  onDelete: (a: AdminAppointment) => Promise<unknown>;
  /**
   * Whether the caller may cancel this booking (the booker or a tenant administrator; the
   * server refuses a resource administrator someone else's). Cancel is offered when absent.
   */
  mayCancel?: (a: AdminAppointment) => boolean;
}

/**
 * The decisions a booking allows now: approve and reject while it awaits approval (never an
 * entry in a ballot: the draw decides), change time (not an entry) and cancel while it is still
 * to come, terminate an application awaiting approval, delete a
 * finished record (after a confirmation). `compact` (table rows) folds the rarer ones into "More".
 */
export function BookingActions({
  booking: a,
  now,
  compact = false,
  handlers,
}: {
  booking: AdminAppointment;
  now: number;
  compact?: boolean;
  handlers: BookingActionHandlers;
}) {
  const { t } = useTranslation();
  const pending = awaitsApproval(a);
  const open = isOpen(a, now);
  const size = compact ? 'small' : 'middle';
  const type = compact ? 'link' : 'default';
  const secondary: { key: string; label: string; danger?: boolean; run: () => void }[] = [];
  if (open) {
    if (mayChangeTime(a, now))
      secondary.push({
        key: 'change',
        label: t('appointments.action.changeTime'),
        run: () => handlers.onChangeTime(a),
      });
    if (handlers.mayCancel?.(a) !== false)
      secondary.push({
        key: 'cancel',
        label: t('appointments.action.cancelBooking'),
        danger: true,
        run: () => handlers.onReason('cancel', a),
      });
  }
  if (pending) {
    secondary.push({
      key: 'terminate',
      label: t('appointments.action.terminate'),
      run: () => handlers.onReason('terminate', a),
    });
  }
  // Rows show the approval decisions and fold the rest when there are more than two actions.
  const folded = compact && pending;
  const menu: MenuProps = {
    items: secondary.map((s) => ({ key: s.key, label: s.label, danger: s.danger })),
    onClick: ({ key }) => secondary.find((s) => s.key === key)?.run(),
  };
  return (
    <Space size={compact ? 0 : 8} wrap={!compact}>
      {handlers.onDetail ? (
        <Button type={type} size={size} onClick={() => handlers.onDetail?.(a)}>
          {t('appointments.action.detail')}
        </Button>
      ) : null}
      {pending ? (
        <>
          <Button type={compact ? 'link' : 'primary'} size={size} onClick={() => handlers.onReason('approve', a)}>
            {t('appointments.action.approve')}
          </Button>
          <Button type={type} size={size} danger onClick={() => handlers.onReason('reject', a)}>
            {t('appointments.action.reject')}
          </Button>
        </>
      ) : null}
      {folded ? (
        <Dropdown menu={menu} trigger={['click']}>
          <Button type="link" size="small">
            {t('appointments.action.more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : (
        secondary.map((s) => (
          <Button key={s.key} type={type} size={size} danger={s.danger} onClick={s.run}>
            {s.label}
          </Button>
        ))
      )}
      {isDeletable(a, now) ? (
        <Popconfirm
          title={t('appointments.message.confirmDelete')}
          okText={t('appointments.action.delete')}
          cancelText={t('appointments.action.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => handlers.onDelete(a)}
        >
          <Button type={type} size={size} danger>
            {t('appointments.action.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </Space>
  );
}
