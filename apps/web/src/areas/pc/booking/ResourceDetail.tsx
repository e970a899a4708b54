import { Alert, Button, Descriptions, Empty, Image, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../features/booking/result.ts';
import { pick } from '../../../lib/i18n.ts';
import {
  useResourcesTypeAllByAccount,
  type BookableResourcesType,
} from '../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { useResourceForBooking, type ResourceForBooking } from './resourceForBooking.ts';
import { FavouriteToggle } from '../evaluations/FavouriteToggle.tsx';
import { LazyResourceReviews } from '../evaluations/lazy.ts';
import './booking.css';

/**
 * The text of an administrator's rich description. It is parsed in an inert document (no
 * script runs, nothing loads) and only its visible text is shown, paragraph by paragraph.
 */
export function htmlToText(html: string): string {
  if (!html.trim()) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // what never shows as text: a script's source, a style sheet
  doc.querySelectorAll('script, style, template, noscript').forEach((el) => el.remove());
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  doc.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, tr').forEach((el) => el.append('\n'));
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

const weekdayNames = (t: TFunction, list: string) =>
  list
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .map((d) => t(`pcBooking.weekday.${d}`))
    .join(t('pcBooking.listSeparator'));

/** A per-person limit: its period rule, count and (rule '4') dates. */
interface LimitRow {
  appointment_number_rule?: string | null;
  appointment_number_limit?: number | null;
  timeperiod_number_begin_date?: string | null;
  timeperiod_number_end_date?: string | null;
}

/** The per-person limits of a resource type (its own and its list) that the rules summary shows. */
export type TypeLimits = Pick<
  BookableResourcesType,
  | 'resources_name'
  | 'resources_name_en'
  | 'is_appointment_number_limit'
  | 'appointment_number_rule'
  | 'appointment_number_limit'
  | 'timeperiod_number_begin_date'
  | 'timeperiod_number_end_date'
  | 'is_incomplete_appointment_number_limit'
  | 'incomplete_appointment_number_limit'
> & { appointmentNumberLimitRuleList?: LimitRow[] | null };

/** A switched-on single limit (the resource's `resourcesConfig` or the type's own fields) as a row, or none. */
function switchedOn(l: LimitRow & { is_appointment_number_limit?: string | null }): LimitRow[] {
  return l.is_appointment_number_limit === '1' && l.appointment_number_rule && (l.appointment_number_limit ?? 0) > 0
    ? [l]
    : [];
}

/**
 * The per-person limits in words, each saying what it counts (docs/GLOSSARY.md): the resource's
 * (its own or its template's) count bookings of this resource, the type's those of every
 * resource of the type together.
 */
export function limitTexts(r: ResourceForBooking, type: TypeLimits | undefined, t: TFunction): string[] {
  const text = (prefix: 'limit' | 'typeLimit', l: LimitRow, typeName = '') =>
    t(`pcBooking.rules.${prefix}${l.appointment_number_rule}`, {
      n: l.appointment_number_limit,
      from: l.timeperiod_number_begin_date ?? '',
      to: l.timeperiod_number_end_date ?? '',
      type: typeName,
    });
  const known = (l: LimitRow) => ['1', '2', '3', '4'].includes(l.appointment_number_rule ?? '');
  const own = [...(r.resourcesAppointmentNumberLimitRuleList ?? []), ...switchedOn(r.resourcesConfig ?? {})]
    .filter(known)
    .map((l) => text('limit', l));
  if (!type) return own;
  const typeName = pick(type.resources_name, type.resources_name_en);
  const ofType = [...switchedOn(type), ...(type.appointmentNumberLimitRuleList ?? [])]
    .filter(known)
    .map((l) => text('typeLimit', l, typeName));
  const unfinished =
    type.is_incomplete_appointment_number_limit === '1' && type.incomplete_appointment_number_limit > 0
      ? [t('pcBooking.rules.typeUnfinished', { type: typeName, n: type.incomplete_appointment_number_limit })]
      : [];
  return [...own, ...ofType, ...unfinished];
}

/**
 * One line per rule of the resource that a booker should know, in the current language; `type`:
 * its resource type, whose per-person limits apply too.
 */
export function rulesSummary(
  r: ResourceForBooking,
  t: TFunction,
  type?: TypeLimits,
): { key: string; label: string; value: string }[] {
  const sep = t('pcBooking.listSeparator');
  const out: { key: string; label: string; value: string }[] = [];
  const add = (key: string, value: string) => value && out.push({ key, label: t(`pcBooking.rules.${key}`), value });
  const slots = r.resourcesTimeSlot ?? [];
  if (r.time_slot_rule === '2') {
    const { pertimeslot_min_minutes: min, pertimeslot_max_minutes: max } = r.resourcesConfig ?? {};
    add('method', t('pcBooking.rules.freeTime', { min: min || '-', max: max || '-' }));
  } else {
    add('method', slots.map((s) => `${s.kssj}–${s.jssj}`).join(sep) || t('pcBooking.rules.noSlots'));
  }
  if ((r.appointment_date_days ?? 0) > 0) {
    add(
      'open',
      r.days_rule_refresh_time
        ? t('pcBooking.rules.openAt', { days: r.appointment_date_days, time: r.days_rule_refresh_time })
        : t('pcBooking.rules.openDays', { days: r.appointment_date_days }),
    );
  }
  const weeks = (r.resourcesWeek ?? []).map((w) => w.zj).sort();
  add('weekdays', weeks.length ? weekdayNames(t, weeks.join(',')) : '');
  add('dates', (r.resourcesDate ?? []).map((d) => `${d.start} ~ ${d.end}`).join(sep));
  add(
    'months',
    (r.resourcesMonthList ?? [])
      .map((m) =>
        m.day
          ? t('pcBooking.rules.monthDay', { month: m.month, day: m.day })
          : t('pcBooking.rules.month', { month: m.month }),
      )
      .join(sep),
  );
  add(
    'closed',
    (r.resourcesNoReservationConfigList ?? [])
      .map((c) => {
        const times = c.start_time && c.end_time ? ` ${c.start_time}–${c.end_time}` : '';
        const when =
          c.rule_type === '1'
            ? `${c.start_date ?? ''} ~ ${c.end_date ?? ''}`
            : c.rule_type === '2'
              ? weekdayNames(t, c.week ?? '')
              : c.rule_type === '3'
                ? t('pcBooking.rules.monthDay', { month: c.month ?? '', day: c.day ?? '' })
                : t('pcBooking.rules.everyDay');
        const reason = pick(c.reason_cn, c.reason_en);
        return `${when}${times}${reason ? t('pcBooking.rules.closedReason', { reason }) : ''}`;
      })
      .join(sep),
  );
  add('limits', limitTexts(r, type, t).join(sep));
  if ((r.min_interval_minutes_cancel ?? 0) > 0)
    add('cancel', t('pcBooking.rules.cancelBefore', { n: r.min_interval_minutes_cancel }));
  if ((r.min_interval_minutes_change ?? 0) > 0)
    add('change', t('pcBooking.rules.changeBefore', { n: r.min_interval_minutes_change }));
  add('approval', r.need_approve === '1' ? t('pcBooking.rules.needApprove') : t('pcBooking.rules.noApprove'));
  return out;
}

/** Location of a resource: campus · building · floor, in the current language. */
export function locationOf(
  r: Pick<
    ResourceForBooking,
    'campus_name' | 'campus_name_en' | 'building_name' | 'building_name_en' | 'floor_name' | 'floor_name_en'
  >,
): string {
  return [
    pick(r.campus_name, r.campus_name_en),
    pick(r.building_name, r.building_name_en),
    pick(r.floor_name, r.floor_name_en),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The facts of a resource (number, type, location, capacity, departments, facilities, attributes). */
export function ResourceFacts({ resource, column = 2 }: { resource: ResourceForBooking; column?: number }) {
  const { t } = useTranslation();
  const attributes = (resource.resourcesCustomAttributeContentList ?? []).filter(
    (a) => a.is_detail_display === '1' && a.is_enable !== '0' && a.attribute_content,
  );
  const properties = resource.resourcesExtendedPropertiesList ?? [];
  return (
    <Descriptions size="small" column={column} bordered className="yy-resource-facts">
      <Descriptions.Item label={t('pcBooking.detail.number')}>{resource.resources_number || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('pcBooking.detail.type')}>
        {pick(resource.resources_type_name, resource.resources_type_name_en) || '-'}
      </Descriptions.Item>
      <Descriptions.Item label={t('pcBooking.detail.location')}>{locationOf(resource) || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('pcBooking.detail.capacity')}>
        {resource.capacity_string || (resource.capacity ?? '-')}
      </Descriptions.Item>
      <Descriptions.Item label={t('pcBooking.detail.perSlot')}>{resource.available_number ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('pcBooking.detail.dept')}>
        {[resource.admin_dept_name, ...(resource.resourcesCooperativeDeptList ?? []).map((d) => d.dept_name)]
          .filter(Boolean)
          .join(t('pcBooking.listSeparator')) || '-'}
      </Descriptions.Item>
      {properties.length > 0 ? (
        <Descriptions.Item label={t('pcBooking.detail.facilities')} span={column}>
          <Space size={[4, 4]} wrap>
            {properties.map((p) => (
              <Tag key={p.id || p.item_code}>{p.item_name}</Tag>
            ))}
          </Space>
        </Descriptions.Item>
      ) : null}
      {attributes.map((a) => (
        <Descriptions.Item key={a.id || a.field_name} label={pick(a.field_desc_cn, a.field_desc_en)} span={column}>
          {a.attribute_content}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * The administrator's description of a resource. It is not sanitized on the server, so only its
 * text is shown (`htmlToText`), never its HTML. `level`: of the heading (the dialog's h5, a page's h2).
 */
export function ResourceDescription({ resource, level = 5 }: { resource: ResourceForBooking; level?: 2 | 5 }) {
  const { t } = useTranslation();
  const description = useMemo(
    () => htmlToText(pick(resource.describe, resource.describe_en)),
    [resource.describe, resource.describe_en],
  );
  return (
    <section>
      <Typography.Title level={level}>{t('pcBooking.detail.description')}</Typography.Title>
      {description ? (
        <Typography.Paragraph className="yy-resource-description">{description}</Typography.Paragraph>
      ) : (
        <Typography.Text type="secondary">{t('pcBooking.detail.noDescription')}</Typography.Text>
      )}
    </section>
  );
}

/** The resource's booking rules, one line each, after its booking prompt when it has one; `level`: of the heading. */
export function ResourceRules({ resource, level = 5 }: { resource: ResourceForBooking; level?: 2 | 5 }) {
  const { t } = useTranslation();
  const types = useResourcesTypeAllByAccount();
  const rules = rulesSummary(
    resource,
    t,
    types.data?.find((ty) => ty.id === resource.resources_type_id),
  );
  const prompt = pick(resource.min_interval_minutes_prompt, resource.min_interval_minutes_prompt_en);
  return (
    <section>
      <Typography.Title level={level}>{t('pcBooking.detail.rules')}</Typography.Title>
      {prompt ? <Alert type="info" showIcon title={prompt} style={{ marginBottom: 12 }} /> : null}
      <Descriptions size="small" column={1} bordered>
        {rules.map((r) => (
          <Descriptions.Item key={r.key} label={r.label}>
            {r.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
    </section>
  );
}

/** Pictures, description, facts and rules of a resource. */
export function ResourceDetailBody({ resource }: { resource: ResourceForBooking }) {
  const { t } = useTranslation();
  const images = (resource.resourcesImage ?? []).filter((i) => i.uri);
  return (
    <div className="yy-resource-detail">
      {images.length > 0 ? (
        <div className="yy-resource-images">
          <Image.PreviewGroup>
            {images.map((img, i) => (
              <Image
                key={img.id || img.uri}
                src={img.uri}
                width={168}
                height={112}
                alt={t('pcBooking.detail.picture', { n: i + 1 })}
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
            ))}
          </Image.PreviewGroup>
        </div>
      ) : null}
      <ResourceFacts resource={resource} />
      <ResourceDescription resource={resource} />
      <ResourceRules resource={resource} />
    </div>
  );
}

/** The details of a resource being loaded: loading, failed, not found (or not visible), or shown. */
export function ResourceDetailState({ resource }: { resource: ReturnType<typeof useResourceForBooking> }) {
  const { t } = useTranslation();
  if (resource.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (resource.error) return <Alert type="error" showIcon title={errorText(resource.error)} />;
  if (!resource.data) return <Empty description={t('pcBooking.detail.notFound')} />;
  return <ResourceDetailBody resource={resource.data} />;
}

/**
 * The resource detail dialog (spec 2.6): pictures, description and rules, a way to book it, the
 * favourite heart and the resource's reviews.
 */
export function ResourceDetailDialog({
  resourceId,
  onClose,
  onBook,
}: {
  resourceId: string | null;
  onClose: () => void;
  onBook?: (resourceId: string) => void;
}) {
  const { t } = useTranslation();
  const resource = useResourceForBooking(resourceId);
  const r = resource.data;
  return (
    <Modal
      open={Boolean(resourceId)}
      onCancel={onClose}
      width={760}
      title={
        r ? (
          <span className="yy-resource-detail-title">
            {pick(r.resources_name, r.resources_name_en)}
            <FavouriteToggle resourceId={r.id} size="small" />
          </span>
        ) : (
          t('pcBooking.detail.title')
        )
      }
      footer={
        <Space>
          <Button onClick={onClose}>{t('pcBooking.close')}</Button>
          {onBook && r ? (
            <Button type="primary" onClick={() => onBook(r.id)}>
              {t('pcBooking.detail.book')}
            </Button>
          ) : null}
        </Space>
      }
      destroyOnHidden
    >
      {resourceId ? <ResourceDetailState resource={resource} /> : null}
      {r ? (
        <Suspense fallback={null}>
          <LazyResourceReviews resourceId={r.id} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
