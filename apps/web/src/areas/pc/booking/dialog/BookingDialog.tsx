import { Alert, Button, Empty, Modal, Skeleton, Steps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { offersMeeting } from '../../../../features/booking/form.ts';
import { errorText } from '../../../../features/booking/result.ts';
import { pick } from '../../../../lib/i18n.ts';
import { useResourceForBooking, type ResourceForBooking } from '../resourceForBooking.ts';
import { locationOf } from '../ResourceDetail.tsx';
import { BookingDone } from './BookingDone.tsx';
import { BookingForm } from './BookingForm.tsx';
import { ConfirmStep } from './ConfirmStep.tsx';
import { SeriesRuleDialog } from './SeriesRuleDialog.tsx';
import { TimeStep } from './TimeStep.tsx';
import { useBookingFlow } from './useBookingFlow.ts';
import { useTimeText } from './useTimeText.ts';
import '../booking.css';

export interface BookingDialogProps {
  open: boolean;
  resourceId: string;
  /** "YYYY-MM-DD"; today when absent. */
  initialDate?: string;
  /** Slots picked on the time grid. */
  initialSlotIds?: readonly string[];
  onClose: () => void;
}

/**
 * The multi-step booking dialog (spec 2.6): choose the time (normal, periodic or batch, with
 * the rule dialogs and the per-occurrence preview), fill in the form, confirm after reading the
 * booking instructions. Every refusal of the server is shown with its reason.
 */
export function BookingDialog(props: BookingDialogProps) {
  const { t } = useTranslation();
  const resource = useResourceForBooking(props.open ? props.resourceId : null);
  const r = resource.data;
  return (
    <Modal
      open={props.open}
      onCancel={props.onClose}
      width={860}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      title={
        r
          ? t('pcBooking.dialog.title', { name: pick(r.resources_name, r.resources_name_en) })
          : t('pcBooking.dialog.titlePlain')
      }
    >
      {resource.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : resource.error ? (
        <Alert type="error" showIcon title={errorText(resource.error)} />
      ) : !r ? (
        <Empty description={t('pcBooking.detail.notFound')} />
      ) : (
        <BookingFlow {...props} resource={r} />
      )}
    </Modal>
  );
}

/** The steps of one booking of a loaded resource; the state and the moves are useBookingFlow's. */
function BookingFlow({
  resource,
  initialDate,
  initialSlotIds,
  onClose,
}: BookingDialogProps & { resource: ResourceForBooking }) {
  const { t } = useTranslation();
  const flow = useBookingFlow({ resource, initialDate, initialSlotIds });
  const { step, selection, refusal, submission, ruleDialog, fields } = flow;
  const timeText = useTimeText(flow.slots, flow.freeTime);

  if (submission.result) {
    return (
      <BookingDone
        result={submission.result}
        selection={selection}
        ballot={flow.ballot.data}
        resource={resource}
        timeText={timeText}
        onClose={onClose}
      />
    );
  }

  return (
    <div className="yy-booking-flow">
      <Steps
        size="small"
        current={step}
        className="yy-booking-steps"
        items={[
          { title: t('pcBooking.dialog.step0') },
          { title: t('pcBooking.dialog.step1') },
          { title: t('pcBooking.dialog.step2') },
        ]}
      />
      <div className="yy-booking-resource">
        <Typography.Text strong>{pick(resource.resources_name, resource.resources_name_en)}</Typography.Text>
        <Typography.Text type="secondary">{locationOf(resource)}</Typography.Text>
        {resource.need_approve === '1' ? <Tag color="gold">{t('pcBooking.needApprove')}</Tag> : null}
      </div>
      {refusal ? (
        <Alert
          type="error"
          showIcon
          title={t('pcBooking.dialog.refused')}
          description={refusal}
          className="yy-booking-alert"
          role="alert"
        />
      ) : null}

      {step === 0 ? <TimeStep flow={flow} resource={resource} timeText={timeText} onClose={onClose} /> : null}

      {step === 1 ? (
        <section aria-label={t('pcBooking.dialog.step1')}>
          <BookingForm
            form={flow.form}
            initialValues={flow.raw}
            fields={flow.collected}
            allowRemark={flow.type?.can_appointment_remark === '1'}
            meetingOffered={offersMeeting(resource)}
            attachment={flow.attachment}
            onAttachment={flow.setAttachment}
          />
          {fields.error ? <Alert type="warning" showIcon title={errorText(fields.error)} /> : null}
          <div className="yy-booking-footer">
            <Button onClick={flow.backToTime}>{t('pcBooking.previous')}</Button>
            <Button type="primary" onClick={flow.nextFromForm} disabled={fields.isPending}>
              {t('pcBooking.next')}
            </Button>
          </div>
        </section>
      ) : null}

      {step === 2 && selection ? (
        <ConfirmStep flow={flow} selection={selection} resource={resource} timeText={timeText} />
      ) : null}

      <Modal
        open={submission.captchaPrompt.open}
        onCancel={submission.captchaPrompt.cancel}
        title={submission.captchaPrompt.title}
        footer={null}
        width={440}
        centered
        destroyOnHidden
        mask={{ closable: false }}
      >
        {submission.captchaPrompt.slider}
      </Modal>

      {ruleDialog ? (
        <SeriesRuleDialog
          initial={flow.ruleInitial(ruleDialog)}
          slots={flow.slots}
          freeTime={flow.freeTime}
          bounds={flow.bounds}
          opening={flow.opening}
          next={flow.next}
          onCancel={() => flow.setRuleDialog(null)}
          onOk={flow.applyRule}
        />
      ) : null}
    </div>
  );
}
