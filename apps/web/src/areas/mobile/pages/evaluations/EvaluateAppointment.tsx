import { Button } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { useAppointment } from '../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { bookingDate } from '../../../../features/booking/dates.ts';
import { errorText } from '../../../../features/booking/result.ts';
import type { Appointment } from '../../../../features/booking/types.ts';
import { useDeleteAppointmentEvaluate } from '../../../../features/evaluations/api/deleteAppointmentEvaluate.ts';
import { useMyEvaluationOf } from '../../../../features/evaluations/api/findAppointmentEvaluateAllForAccount.ts';
import { useSaveAppointmentEvaluate } from '../../../../features/evaluations/api/saveAppointmentEvaluate.ts';
import {
  EMPTY_EVALUATION,
  evaluateAction,
  evaluationModel,
  valuesOf,
  type EvaluationValues,
} from '../../../../features/evaluations/form.ts';
import type { Evaluation } from '../../../../features/evaluations/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../components/LoadState.tsx';
import { showAlert, showConfirm, showToast } from '../../components/overlay.ts';
import { PageNav } from '../../components/PageNav.tsx';
import { SkeletonLines } from '../../components/SkeletonLines.tsx';
import { mobilePaths } from '../../paths.ts';
import { EvaluationForm } from './EvaluationForm.tsx';
import '../booking/booking.css';
import './evaluations.css';

// The user's evaluation shows only once they have made one: the form, shown before, does without its code.
const EvaluationCard = lazy(() => import('./EvaluationCard.tsx').then((m) => ({ default: m.EvaluationCard })));

function BookingSummary({ a }: { a: Appointment }) {
  const { t } = useTranslation();
  return (
    <section className="yy-m-card" aria-labelledby="yy-ev-booking">
      <p className="yy-m-muted">{t('evaluations.form.booking')}</p>
      <h1 id="yy-ev-booking" className="yy-ev-booking-name">
        {pick(a.resources_name, a.resources_name_en)}
      </h1>
      <p className="yy-m-muted">
        {bookingDate(a.appointment_date)} {a.start_time}-{a.end_time}
      </p>
    </section>
  );
}

/** Why the user may not evaluate this booking (null: they may). */
function refusalOf(a: Appointment, account: string): string | null {
  if (a.appointment_user !== account) return 'evaluations.booking.notBooker';
  return evaluateAction(a, account) ? null : 'evaluations.booking.notPerformed';
}

/**
 * Evaluate a performed booking (`/mobile/evaluate/{appointmentId}`): four star scores, text,
 * pictures and the anonymous switch, checked before the submit; the server's refusal shows with
 * its reason. Once evaluated, the page shows the user's evaluation, to edit or delete.
 */
export default function EvaluateAppointment() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { appointmentId } = useParams();
  const { account } = useSession();
  const booking = useAppointment(appointmentId);
  const mine = useMyEvaluationOf(appointmentId);
  const save = useSaveAppointmentEvaluate();
  const remove = useDeleteAppointmentEvaluate();
  const [editing, setEditing] = useState(false);
  const a = booking.data;
  const fallback = a ? mobilePaths.appointmentDetail('reserved', a.id) : mobilePaths.myAppointment;

  const submit = async (values: EvaluationValues, existing: Evaluation | null) => {
    if (!a) return;
    try {
      await save.mutateAsync(evaluationModel(values, { appointmentId: a.id, id: existing?.id }));
    } catch (err) {
      void showAlert({
        title: t('evaluations.form.failed'),
        content: errorText(err),
        confirmText: t('evaluations.ok'),
      });
      return;
    }
    void showToast(t(existing ? 'evaluations.form.updated' : 'evaluations.form.saved'), 'success');
    if (existing) setEditing(false);
    else navigate(mobilePaths.comments(a.resources_id), { replace: true });
  };

  const askDelete = (e: Evaluation) =>
    showConfirm({
      content: t('evaluations.mine.deleteConfirm'),
      confirmText: t('evaluations.mine.delete'),
      cancelText: t('evaluations.mine.keep'),
      onConfirm: async () => {
        try {
          await remove.mutateAsync(e.id);
          void showToast(t('evaluations.mine.deleted'), 'success');
        } catch (err) {
          void showAlert({ content: errorText(err), confirmText: t('evaluations.ok') });
        }
      },
    });

  let body;
  if (booking.isPending || (a && mine.isPending)) {
    body = (
      <div className="yy-m-card">
        <SkeletonLines lines={6} />
      </div>
    );
  } else if (booking.error || mine.error) {
    body = (
      <LoadFailed
        error={booking.error ?? mine.error}
        onRetry={() => void Promise.all([booking.refetch(), mine.refetch()])}
      />
    );
  } else if (!a) {
    body = <Empty title={t('evaluations.booking.notFound')} />;
  } else if (mine.data && !editing) {
    const e = mine.data;
    body = (
      <>
        <BookingSummary a={a} />
        <section className="yy-m-card" aria-labelledby="yy-ev-mine">
          <h2 id="yy-ev-mine">{t('evaluations.mine.title')}</h2>
          <Suspense fallback={<SkeletonLines lines={3} title={false} />}>
            <EvaluationCard evaluation={e} own />
          </Suspense>
        </section>
        <div className="yy-m-actions">
          <Button className="yy-ev-danger" color="danger" fill="outline" onClick={() => void askDelete(e)}>
            {t('evaluations.mine.delete')}
          </Button>
          <Button color="primary" onClick={() => setEditing(true)}>
            {t('evaluations.mine.edit')}
          </Button>
        </div>
      </>
    );
  } else if (mine.data) {
    const e = mine.data;
    body = (
      <>
        <BookingSummary a={a} />
        <EvaluationForm
          initial={valuesOf(e)}
          submitText={t('evaluations.form.save')}
          onSubmit={(values) => submit(values, e)}
          onCancel={() => setEditing(false)}
        />
      </>
    );
  } else {
    const refusal = refusalOf(a, account);
    body = refusal ? (
      <>
        <BookingSummary a={a} />
        <Empty title={t(refusal)}>
          <Button size="small" onClick={() => navigate(fallback)}>
            {t('evaluations.booking.backToDetail')}
          </Button>
        </Empty>
      </>
    ) : (
      <>
        <BookingSummary a={a} />
        <EvaluationForm
          initial={EMPTY_EVALUATION}
          submitText={t('evaluations.form.submit')}
          onSubmit={(values) => submit(values, null)}
        />
      </>
    );
  }

  return (
    <div className="yy-m-page">
      <PageNav title={t('evaluations.evaluateTitle')} fallback={fallback} />
      {body}
    </div>
  );
}
