import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import type { Appointment } from '../../../../features/booking/types.ts';
import { evaluateAction } from '../../../../features/evaluations/form.ts';
import { mobilePaths } from '../../paths.ts';

/**
 * The way from a booking to its evaluation: "评价" on a performed booking of the user not
 * evaluated yet, "查看评价" once it is (to see, edit or delete it); nothing otherwise. For the
 * booking detail's action bar (`/mobile/appointmentDetail/{type}/{id}`).
 */
export function EvaluateEntry({
  appointment,
  block,
}: {
  appointment: Pick<Appointment, 'id' | 'state' | 'appointment_state' | 'is_evaluate' | 'appointment_user'>;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useSession();
  const action = evaluateAction(appointment, account);
  if (!action) return null;
  return (
    <Button
      block={block}
      color="primary"
      fill={action === 'evaluate' ? 'solid' : 'outline'}
      onClick={() => navigate(mobilePaths.evaluate(appointment.id))}
    >
      {t(action === 'evaluate' ? 'evaluations.evaluate' : 'evaluations.view')}
    </Button>
  );
}
