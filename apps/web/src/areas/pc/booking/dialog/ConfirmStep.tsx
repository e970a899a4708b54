import { Button, Checkbox, Descriptions, Radio, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { offersMeeting } from '../../../../features/booking/form.ts';
import type { CollectionConfig } from '../../../../features/collection-config/api/findCollectionConfigAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import type { TimeSelection } from '../bookingRequest.ts';
import type { ResourceForBooking } from '../resourceForBooking.ts';
import { rulesSummary } from '../ResourceDetail.tsx';
import { SeriesPreview, previewCounts } from './SeriesPreview.tsx';
import type { BookingFlowState } from './useBookingFlow.ts';

/** A collected value as the user chose it: a select's option by its label. */
function optionLabel(field: CollectionConfig, value: string): string {
  const option = field.field_type === 'select' ? field.options.find((o) => o.value === value) : undefined;
  return option ? pick(option.label_zh, option.label_en) : value;
}

/**
 * The last step: what will be booked, for a series which occurrences (all or only the bookable
 * ones when some are refused), the booking instructions to read, then submit (or enter the ballot).
 */
export function ConfirmStep({
  flow,
  selection,
  resource,
  timeText,
}: {
  flow: BookingFlowState;
  selection: TimeSelection;
  resource: ResourceForBooking;
  timeText: (sel: TimeSelection) => string;
}) {
  const { t } = useTranslation();
  const { values, collected, occurrences, submission } = flow;
  return (
    <section aria-label={t('pcBooking.dialog.step2')}>
      <Descriptions size="small" column={1} bordered className="yy-booking-summary">
        <Descriptions.Item label={t('pcBooking.confirm.mode')}>
          {t(`pcBooking.mode.${selection.mode}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.confirm.time')}>{timeText(selection)}</Descriptions.Item>
        <Descriptions.Item label={t('pcBooking.form.theme')}>{values.theme}</Descriptions.Item>
        {values.participants.length ? (
          <Descriptions.Item label={t('pcBooking.form.participants')}>
            {values.participants.map((p) => p.name).join(t('pcBooking.listSeparator'))}
          </Descriptions.Item>
        ) : null}
        {values.phone ? <Descriptions.Item label={t('pcBooking.form.phone')}>{values.phone}</Descriptions.Item> : null}
        {values.email ? <Descriptions.Item label={t('pcBooking.form.email')}>{values.email}</Descriptions.Item> : null}
        {values.attachment ? (
          <Descriptions.Item label={t('pcBooking.form.attachment')}>{values.attachment.name}</Descriptions.Item>
        ) : null}
        {values.remark ? (
          <Descriptions.Item label={t('pcBooking.form.remark')}>{values.remark}</Descriptions.Item>
        ) : null}
        {values.meeting && offersMeeting(resource) ? (
          <Descriptions.Item label={t('pcBooking.form.meeting')}>{t('pcBooking.form.meetingAsked')}</Descriptions.Item>
        ) : null}
        {collected
          .filter((f) => values.fields[f.field_name])
          .map((f) => (
            <Descriptions.Item key={f.id} label={pick(f.label_zh, f.label_en)}>
              {optionLabel(f, values.fields[f.field_name]!)}
            </Descriptions.Item>
          ))}
      </Descriptions>
      {occurrences ? (
        <div className="yy-booking-commit">
          <SeriesPreview occurrences={occurrences} loading={false} error={null} />
          {previewCounts(occurrences).refused > 0 ? (
            <Radio.Group
              value={flow.commit}
              onChange={(e) => flow.setCommit(e.target.value as 'all' | 'ok')}
              options={[
                { value: 'ok', label: t('pcBooking.confirm.commitOk', previewCounts(occurrences)) },
                { value: 'all', label: t('pcBooking.confirm.commitAll') },
              ]}
            />
          ) : null}
        </div>
      ) : null}
      <BookingInstructions flow={flow} resource={resource} />
      <div className="yy-booking-footer">
        <Button onClick={() => flow.setStep(1)} disabled={submission.saving}>
          {t('pcBooking.previous')}
        </Button>
        <Button type="primary" loading={submission.saving} onClick={() => void flow.submit()}>
          {flow.entering ? t('booking.ballot.enter') : t('pcBooking.submit')}
        </Button>
      </div>
    </section>
  );
}

/**
 * The published booking instructions (or, with none, the resource's rules in brief) and the
 * box the booker ticks to say they read them; submitting without it says so.
 */
function BookingInstructions({ flow, resource }: { flow: BookingFlowState; resource: ResourceForBooking }) {
  const { t } = useTranslation();
  const { instructions, submission } = flow;
  const instructionList = instructions.data ?? [];
  return (
    <section className="yy-booking-instructions" aria-label={t('pcBooking.confirm.instructions')}>
      <Typography.Title level={5}>{t('pcBooking.confirm.instructions')}</Typography.Title>
      <div className="yy-booking-instructions-body" tabIndex={0}>
        {instructions.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : instructionList.length ? (
          instructionList.map((i) => (
            <article key={i.id}>
              <h4>{pick(i.title, i.title_en)}</h4>
              <div
                className="yy-instruction-html"
                dangerouslySetInnerHTML={{ __html: pick(i.content, i.content_en) }}
              />
            </article>
          ))
        ) : (
          <ul>
            {rulesSummary(resource, t, flow.type).map((line) => (
              <li key={line.key}>
                {line.label}
                {t('pcBooking.labelSeparator')}
                {line.value}
              </li>
            ))}
          </ul>
        )}
      </div>
      <Checkbox checked={submission.read} onChange={(e) => submission.markRead(e.target.checked)}>
        {t('pcBooking.confirm.read')}
      </Checkbox>
      {submission.readError ? (
        <Typography.Text type="danger" role="alert" className="yy-booking-read-error">
          {t('pcBooking.validation.readRequired')}
        </Typography.Text>
      ) : null}
    </section>
  );
}
