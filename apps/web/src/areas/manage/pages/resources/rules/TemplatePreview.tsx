import { Alert, Descriptions, Grid, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResourcesRuleTemplate } from '../../../../../features/rules/api/findResourcesRuleTemplate.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';
import { templateEditPath } from '../templates/paths.ts';

/** The rules a resource gets from a template, read-only, with a link to edit the template. */
export function TemplatePreview({ id }: { id: string }) {
  const { t } = useTranslation();
  const found = useResourcesRuleTemplate(id);
  const screens = Grid.useBreakpoint();
  if (found.isPending) return <Spin size="small" />;
  if (!found.data) {
    return (
      <Alert type="warning" showIcon title={found.error ? errorText(found.error) : t('resources.template.notFound')} />
    );
  }
  const tpl = found.data;
  const slots = tpl.resourcesTimeSlot ?? [];
  const closed = tpl.resourcesNoReservationConfigList ?? [];
  const weeks = tpl.resourcesWeek ?? [];
  const capacity = tpl.resourcesAvailableNumberRuleList ?? [];
  const yesNo = (v: string | null | undefined) => (v === '1' ? t('resources.yes') : t('resources.no'));
  return (
    <div className="yy-template-preview" data-testid="template-preview">
      <Descriptions
        size="small"
        bordered
        layout={screens.md ? 'horizontal' : 'vertical'}
        column={1}
        title={t('resources.template.previewTitle', { name: pick(tpl.template_name, tpl.template_name_en) })}
        extra={<Link to={templateEditPath(tpl.id)}>{t('resources.action.editTemplate')}</Link>}
        items={[
          {
            key: 'mode',
            label: t('resources.rules.timeSlotRule'),
            children: t(`resources.rules.timeSlotRule${tpl.time_slot_rule === '2' ? '2' : '1'}`),
          },
          {
            key: 'slots',
            label: t('resources.rules.slots'),
            children:
              tpl.time_slot_rule === '2'
                ? t('resources.template.freeTimeSummary', {
                    min: tpl.config?.pertimeslot_min_minutes || '-',
                    max: tpl.config?.pertimeslot_max_minutes || '-',
                  })
                : slots.length > 0
                  ? slots.map((s) => (
                      <Tag key={s.id ?? `${s.kssj}-${s.jssj}`} className="yy-slot-tag">
                        {s.kssj}-{s.jssj}
                      </Tag>
                    ))
                  : '—',
          },
          {
            key: 'weeks',
            label: t('resources.rules.weeks'),
            children: weeks.length ? weeks.map((w) => t(`resources.weekday.${w.zj}`)).join(' ') : t('resources.every'),
          },
          {
            key: 'open',
            label: t('resources.rules.daysAhead'),
            children: t('resources.template.openSummary', {
              days: tpl.appointment_date_days ?? 0,
              time: tpl.days_rule_refresh_time || '00:00',
            }),
          },
          {
            key: 'closed',
            label: t('resources.rules.section.closed'),
            children: closed.length
              ? closed
                  .map(
                    (c) =>
                      `${t(`resources.closedType.${c.rule_type}`)}${c.start_time ? ` ${c.start_time}-${c.end_time}` : ''} ${pick(c.reason_cn, c.reason_en)}`,
                  )
                  .join('; ')
              : '—',
          },
          { key: 'approve', label: t('resources.rules.need_approve'), children: yesNo(tpl.need_approve) },
          { key: 'signin', label: t('resources.rules.signin'), children: yesNo(tpl.config?.signin_rule) },
          {
            key: 'signinNotice',
            label: t('resources.rules.signinNotice'),
            children: yesNo(tpl.config?.signin_rule === '1' ? tpl.config?.signin_notification_push : '0'),
          },
          {
            key: 'capacity',
            label: t('resources.capacity.title'),
            children: capacity.length
              ? capacity
                  .map((c) =>
                    t('resources.capacity.summary', {
                      dates:
                        c.date_rule === '2'
                          ? (c.weeks ?? '')
                              .split(',')
                              .filter(Boolean)
                              .map((w) => t(`resources.weekday.${w}`))
                              .join(' ')
                          : `${c.start_date}~${c.end_date}`,
                      time:
                        c.time_slot_rule === '1' ? `${c.start_time}-${c.end_time}` : t('resources.capacity.timeRule0'),
                      n: c.available_number ?? 0,
                    }),
                  )
                  .join('; ')
              : '—',
          },
        ]}
      />
    </div>
  );
}
