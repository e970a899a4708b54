import { Button } from 'antd-mobile';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../../features/booking/result.ts';
import { todayIso } from '../../../../features/booking/dates.ts';
import { useAuditVisitorAppointment } from '../../../../features/visitors/api/auditVisitorAppointment.ts';
import { useCancelVisitorAppointment } from '../../../../features/visitors/api/cancelVisitorAppointment.ts';
import { useVisitDetail } from '../../../../features/visitors/api/findVisitorAppointmentDetail.ts';
import { useVisitorSwitches } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { visitDay, visitEnded } from '../../../../features/visitors/states.ts';
import type { InfoField, Visit, VisitAudit } from '../../../../features/visitors/types.ts';
import { useVisitorInfoFieldSettings } from '../../../../features/visitors/api/findVisitorInfoFieldSettingsEntityList.ts';
import { pick } from '../../../../lib/i18n.ts';
import { Empty, LoadFailed, Loading } from '../../components/LoadState.tsx';
import { showToast } from '../../components/overlay.ts';
import { PageNav } from '../../components/PageNav.tsx';
import { visitorPaths } from './paths.ts';
import { NoQrPassNote, VisitStateTag, infoLabel } from './parts.tsx';
import '../booking/booking.css';
import './visitors.css';

const ReasonSheet = lazy(() => import('./ReasonSheet.tsx'));
const VisitEdit = lazy(() => import('./VisitEdit.tsx'));

function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="yy-v-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The approval trail: each step's result, who and when, and the reason of a rejection. */
function Trail({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const steps = visit.auditList ?? [];
  // result: 'approved' / 'rejected' of an approval step (also '2' / '3'), 'cancelled' of a cancel
  const stepTitle = (s: VisitAudit) => {
    if (s.result === 'cancelled') return t('visitors.detail.cancelledStep');
    const outcome =
      s.result === 'rejected' || s.result === '3'
        ? 'visitors.detail.rejected'
        : s.result === 'approved' || s.result === '2'
          ? 'visitors.detail.approved'
          : 'visitors.detail.pending';
    return `${t(`visitors.detail.step.${s.step === 2 ? 2 : 1}`)} · ${t(outcome)}`;
  };
  return (
    <section className="yy-m-card" aria-labelledby="yy-v-trail">
      <h2 id="yy-v-trail">{t('visitors.detail.trail')}</h2>
      <ol className="yy-v-trail">
        <li>
          <strong>{t('visitors.detail.submitted')}</strong>
          <span className="yy-m-muted">{[visit.created_user_name, visit.create_time].filter(Boolean).join(' · ')}</span>
        </li>
        {steps.map((s) => (
          <li key={s.id}>
            <strong>{stepTitle(s)}</strong>
            <span className="yy-m-muted">{[s.operator_name, s.create_time].filter(Boolean).join(' · ')}</span>
            {s.reason && <span className="yy-m-muted">{t('visitors.detail.reason', { reason: s.reason })}</span>}
          </li>
        ))}
        {(visit.state === 0 || visit.state === 1) && (
          <li aria-current="step">
            <strong>{t(`visitors.state.${visit.state}`)}</strong>
          </li>
        )}
      </ol>
    </section>
  );
}

/**
 * One visit (`/mobile/visitor/detail/{id}`): what was asked, its state and approval trail, and
 * what the viewer may do: cancel it (with a reason), approve or reject it (the host), open its pass
 * (when QR passes are on; off: a note that the gate checks name and ID), change it while not yet
 * approved (its visitor or inviting host).
 */
export default function VisitorDetail() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useVisitDetail(id);
  // the visit's information fields carry their names; their labels come from the field settings
  const infoFields = useVisitorInfoFieldSettings();
  // the QR switch matters (and is asked) only where a pass would be offered
  const passable = !!query.data && query.data.state === 2 && !visitEnded(query.data, todayIso());
  const { qrPasses } = useVisitorSwitches(passable);
  const labelOf = (f: { field_name: string; field_label?: string | null; field_label_en?: string | null }) => {
    const setting = (infoFields.data ?? []).find((x: InfoField) => x.field_name === f.field_name);
    return infoLabel(f.field_label || f.field_label_en ? f : (setting ?? f));
  };
  const cancel = useCancelVisitorAppointment();
  const audit = useAuditVisitorAppointment();
  const [sheet, setSheet] = useState<'cancel' | 'reject' | null>(null);
  const [editing, setEditing] = useState(false);
  const [auditError, setAuditError] = useState('');

  let body: ReactNode;
  if (query.isPending) body = <Loading />;
  else if (query.error) body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <Empty title={t('visitors.detail.notFound')} />;
  else {
    const v = query.data;
    const ended = visitEnded(v, todayIso());
    const editable = v.can_update === true;
    const approve = () => {
      setAuditError('');
      audit.mutate(
        { id: v.id, state: '2' },
        {
          onSuccess: () => void showToast(t('visitors.detail.approvedToast'), 'success'),
          onError: (e) => setAuditError(errorText(e)),
        },
      );
    };
    body = editing ? (
      <Suspense fallback={<Loading />}>
        <VisitEdit visit={v} onDone={() => setEditing(false)} />
      </Suspense>
    ) : (
      <>
        <section className="yy-m-card" aria-labelledby="yy-v-detail-title">
          <div className="yy-v-item-head">
            <h2 id="yy-v-detail-title">{visitDay(v.in_school_date)}</h2>
            <VisitStateTag state={v.state} ended={ended} />
          </div>
          <dl className="yy-v-rows">
            <Row label={t('visitors.detail.visitor')}>{v.visitor_name}</Row>
            <Row label={t('visitors.detail.phone')}>{v.phone}</Row>
            <Row label={t('visitors.form.areas')}>{pick(v.in_school_area_name, v.in_school_area_name_en)}</Row>
            <Row label={t('visitors.form.reason')}>{v.in_school_reason}</Row>
            <Row label={t('visitors.form.peers')}>{v.peers ? String(v.peers) : ''}</Row>
            <Row label={t('visitors.form.children')}>{v.in_child ? String(v.in_child) : ''}</Row>
            <Row label={t('visitors.form.hostName')}>{v.accept_visit_name}</Row>
            <Row label={t('visitors.form.hostPhone')}>{v.accept_visit_phone}</Row>
            <Row label={t('visitors.form.hostUnit')}>{v.accept_visit_unit}</Row>
            <Row label={t('visitors.form.plate')}>{v.is_car === 1 ? v.car_card_number : ''}</Row>
            <Row label={t('visitors.form.carModel')}>{v.is_car === 1 ? v.car_product : ''}</Row>
            {(v.infoList ?? []).map((f) => (
              <Row key={f.field_name} label={labelOf(f)}>
                {f.value}
              </Row>
            ))}
            <Row label={t('visitors.detail.rejectReason')}>{v.reject_reason}</Row>
          </dl>
        </section>
        <Trail visit={v} />
        <div className="yy-v-actions">
          {v.state === 2 &&
            !ended &&
            (qrPasses === true ? (
              <Button block color="primary" onClick={() => navigate(visitorPaths.qrcode(v.id))}>
                {t('visitors.detail.pass')}
              </Button>
            ) : qrPasses === false ? (
              <NoQrPassNote />
            ) : null)}
          {v.can_audit && (
            <div className="yy-v-row-actions">
              <Button block color="danger" fill="outline" disabled={audit.isPending} onClick={() => setSheet('reject')}>
                {t('visitors.detail.reject')}
              </Button>
              <Button block color="primary" loading={audit.isPending} onClick={approve}>
                {t('visitors.detail.approve')}
              </Button>
            </div>
          )}
          {auditError && (
            <p className="yy-m-error-text" role="alert">
              {auditError}
            </p>
          )}
          {editable && (
            <Button block color="primary" fill="outline" onClick={() => setEditing(true)}>
              {t('visitors.edit.open')}
            </Button>
          )}
          {v.can_cancel && (
            <Button block fill="outline" onClick={() => setSheet('cancel')}>
              {t('visitors.detail.cancel')}
            </Button>
          )}
        </div>
        <Suspense fallback={null}>
          {sheet === 'cancel' && (
            <ReasonSheet
              title={t('visitors.detail.cancelTitle')}
              label={t('visitors.detail.cancelReason')}
              confirmText={t('visitors.detail.cancelConfirm')}
              onClose={() => setSheet(null)}
              onConfirm={async (reason) => {
                await cancel.mutateAsync({ id: v.id, reason });
                setSheet(null);
                void showToast(t('visitors.detail.cancelled'), 'success');
              }}
            />
          )}
          {sheet === 'reject' && (
            <ReasonSheet
              title={t('visitors.detail.rejectTitle')}
              label={t('visitors.detail.rejectReason')}
              confirmText={t('visitors.detail.reject')}
              onClose={() => setSheet(null)}
              onConfirm={async (reason) => {
                await audit.mutateAsync({ id: v.id, state: '3', reason });
                setSheet(null);
                void showToast(t('visitors.detail.rejectedToast'), 'success');
              }}
            />
          )}
        </Suspense>
      </>
    );
  }

  return (
    <div className="yy-m-page yy-v-page">
      <PageNav title={t('route.mobile.visitorDetail')} fallback={visitorPaths.mine} />
      {body}
    </div>
  );
}
