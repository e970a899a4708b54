import { Alert, Button, DatePicker, Form, Segmented, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BallotNotice } from '../../../../features/booking/Ballot.tsx';
import { shortOpening } from '../../../../features/booking/dates.ts';
import { AllowanceNote } from '../../../../features/booking/AllowanceNote.tsx';
import { errorText } from '../../../../features/booking/result.ts';
import { pick } from '../../../../lib/i18n.ts';
import type { BookingMode, TimeSelection } from '../bookingRequest.ts';
import type { ResourceForBooking } from '../resourceForBooking.ts';
import { SlotPicker } from '../SlotPicker.tsx';
import { SeriesPreview } from './SeriesPreview.tsx';
import { FreePeriodPicker, periodHint } from './TimeFields.tsx';
import type { BookingFlowState } from './useBookingFlow.ts';

/**
 * The first step: the mode when the type offers more than one, then a date with its slots or
 * period (normal), or the periodic or batch rule with its per-occurrence preview.
 */
export function TimeStep({
  flow,
  resource,
  timeText,
  onClose,
}: {
  flow: BookingFlowState;
  resource: ResourceForBooking;
  timeText: (sel: TimeSelection) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { mode, modes, problems, preview } = flow;
  return (
    <section aria-label={t('pcBooking.dialog.step0')}>
      {modes.length > 1 ? (
        <Segmented<BookingMode>
          value={mode}
          onChange={flow.changeMode}
          options={modes.map((m) => ({ value: m, label: t(`pcBooking.mode.${m}`) }))}
          className="yy-booking-modes"
        />
      ) : null}
      {mode === 'normal' ? (
        <NormalTimeChoice flow={flow} resource={resource} />
      ) : (
        <SeriesRuleChoice flow={flow} timeText={timeText} />
      )}
      {problems.length ? (
        <Alert type="warning" showIcon title={problems.join(' ')} className="yy-booking-alert" role="alert" />
      ) : null}
      <div className="yy-booking-footer">
        <Button onClick={onClose}>{t('pcBooking.cancel')}</Button>
        <Button type="primary" loading={flow.checking || preview.isPending} onClick={() => void flow.nextFromTime()}>
          {t('pcBooking.next')}
        </Button>
      </div>
    </section>
  );
}

/** A normal booking's time: the date (closed days and dates not yet open disabled), then slots or a period. */
function NormalTimeChoice({ flow, resource }: { flow: BookingFlowState; resource: ResourceForBooking }) {
  const { t } = useTranslation();
  const { today, next, date, freeTime, ballot, nextBallot } = flow;
  return (
    <Form layout="vertical">
      <Form.Item
        label={t('pcBooking.dialog.date')}
        required
        extra={
          next
            ? t('pcBooking.dialog.nextOpening', { date: next.date, time: shortOpening(next.opensAt, today) })
            : undefined
        }
      >
        <DatePicker
          value={dayjs(date)}
          allowClear={false}
          disabledDate={(d) => d.format('YYYY-MM-DD') < today || flow.opening(d.format('YYYY-MM-DD')) !== null}
          onChange={(d) => {
            if (!d) return;
            flow.changeDate(d.format('YYYY-MM-DD'));
          }}
        />
      </Form.Item>
      {nextBallot.data?.phase === 'not_open' ? (
        <div className="yy-booking-next-ballot">
          <Typography.Text type="secondary">{next?.date}</Typography.Text>
          <BallotNotice info={nextBallot.data} />
        </div>
      ) : null}
      {freeTime ? <BallotNotice info={ballot.data} /> : null}
      {freeTime ? (
        <Form.Item label={t('pcBooking.dialog.period')} required extra={periodHint(flow.bounds, t)}>
          <FreePeriodPicker value={flow.period} onChange={flow.changePeriod} />
        </Form.Item>
      ) : (
        <Form.Item label={t('pcBooking.dialog.slots')} required>
          <SlotPicker resourceId={resource.id} date={date} value={flow.slotIds} onChange={flow.changeSlots} />
        </Form.Item>
      )}
      <AllowanceNote
        resourceId={resource.id}
        date={date}
        typeName={pick(resource.resources_type_name, resource.resources_type_name_en)}
      />
    </Form>
  );
}

/** A periodic or batch booking's time: the rule in words, the button to set or edit it, its preview. */
function SeriesRuleChoice({ flow, timeText }: { flow: BookingFlowState; timeText: (sel: TimeSelection) => string }) {
  const { t } = useTranslation();
  const { mode, selection, preview, periodic, batch } = flow;
  return (
    <div className="yy-booking-rule">
      <Space className="yy-booking-rule-head" wrap>
        <Typography.Text>
          {selection
            ? timeText(selection)
            : t(mode === 'periodic' ? 'pcBooking.validation.periodicRequired' : 'pcBooking.validation.batchRequired')}
        </Typography.Text>
        <Button onClick={() => flow.setRuleDialog(mode === 'periodic' ? 'periodic' : 'batch')}>
          {t(
            mode === 'periodic'
              ? periodic
                ? 'pcBooking.periodic.edit'
                : 'pcBooking.periodic.set'
              : batch
                ? 'pcBooking.batch.edit'
                : 'pcBooking.batch.set',
          )}
        </Button>
      </Space>
      {selection ? (
        <SeriesPreview
          occurrences={flow.occurrences}
          loading={preview.isPending}
          error={preview.error ? errorText(preview.error) : null}
          onRetry={() => flow.runPreview(selection)}
        />
      ) : null}
    </div>
  );
}
