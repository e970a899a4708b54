import { useTranslation } from 'react-i18next';
import { errorText } from '../booking/result.ts';
import { pick } from '../../lib/i18n.ts';
import { useSaveAppointmentSignIn } from './api/saveAppointmentSignIn.ts';
import { useSaveAppointmentSignOut } from './api/saveAppointmentSignOut.ts';
import { useScanAppointmentSignCode } from './api/scanAppointmentSignCode.ts';
import { readScan } from './codes.ts';
import { scanPlan, type ScanPlan, type ScanRole } from './plan.ts';
import type { SignDirection } from './types.ts';

/** What became of one scan. */
export interface ScanOutcome {
  ok: boolean;
  /** What was done, or why not (the server's reason), in the user's language. */
  message: string;
  /** self: checked the user in/out; staff: a voucher; booking: a booking check link; refuse: not sent. */
  action: ScanPlan['do'];
  direction: SignDirection;
  /** The booking concerned when known (checked in, or the voucher's even when refused). */
  bookingId: string | null;
  /** A venue link without a code: that venue. */
  venueId?: string;
}

/**
 * Takes what a scanner read for a role (see `scanPlan`): sends a resource code as the user's
 * check-in or check-out, a voucher as a staff scan, and says why anything else is not sent.
 */
export function useScanHandler(role: ScanRole) {
  const { t } = useTranslation();
  const signIn = useSaveAppointmentSignIn();
  const signOut = useSaveAppointmentSignOut();
  const staff = useScanAppointmentSignCode();
  const busy = signIn.isPending || signOut.isPending || staff.isPending;

  const handle = async (text: string, direction: SignDirection): Promise<ScanOutcome> => {
    const plan = scanPlan(readScan(text), role, direction);
    const base = { action: plan.do, direction };
    switch (plan.do) {
      case 'refuse':
        return {
          ...base,
          ok: false,
          message: t(`checkin.scan.refuse.${plan.reason}`),
          bookingId: null,
          venueId: plan.venueId,
        };
      case 'booking':
        return { ...base, ok: true, message: t('checkin.staff.linkRead'), bookingId: plan.id };
      case 'self':
        try {
          const r = await (direction === 'in' ? signIn : signOut).mutateAsync(plan.code);
          return { ...base, ok: true, message: pick(r.msg, r.msg_en), bookingId: r.appointmentId ?? null };
        } catch (err) {
          return { ...base, ok: false, message: errorText(err), bookingId: null };
        }
      case 'staff':
        try {
          const r = await staff.mutateAsync({ code: plan.code, direction });
          return { ...base, ok: true, message: pick(r.msg, r.msg_en), bookingId: r.appointmentId ?? plan.bookingId };
        } catch (err) {
          // Refused (already checked in, window closed, voucher used...): the booking can still be shown and marked.
          return { ...base, ok: false, message: errorText(err), bookingId: plan.bookingId };
        }
    }
  };

  return { handle, busy };
}
