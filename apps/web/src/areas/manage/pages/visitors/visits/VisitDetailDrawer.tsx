import { EyeOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Empty, Spin, Tag, Timeline, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitDetail } from '../../../../../features/visitors/api/findVisitorAppointmentDetail.ts';
import type { Visit } from '../../../../../features/visitors/types.ts';
import { useVisitDetailWhole } from '../../../../../features/visitors-admin/visits/findVisitorAppointmentDetailWhole.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';

const show = (v: ReactNode) => (v === '' || v === null || v === undefined ? '—' : v);

const STATE_COLOR: Record<number, string> = { 0: 'orange', 1: 'orange', 2: 'green', 3: 'red', 4: 'default', 5: 'blue' };

/** A visit's state as a tag with its words (colour only repeats them). */
export function VisitStateTag({ visit }: { visit: Pick<Visit, 'state' | 'state_name' | 'state_name_en'> }) {
  return (
    <Tag color={STATE_COLOR[visit.state ?? 0] ?? 'default'} style={{ whiteSpace: 'normal' }}>
      {pick(visit.state_name, visit.state_name_en)}
    </Tag>
  );
}

/**
 * A visit's details in a drawer, read afresh from the server: the visit, the information fields
 * (numbers masked; "show numbers" asks them whole, which the server allows visitor administrators
 * only and writes to the operate log) and the approval trail; `actions` (the decisions it allows)
 * in the footer.
 */
export function VisitDetailDrawer(props: {
  id: string | null;
  actions?: (visit: Visit) => ReactNode;
  onClose: () => void;
}) {
  // a fresh drawer (numbers masked again) for each visit opened
  return <VisitDetailDrawerOf key={props.id ?? ''} {...props} />;
}

function VisitDetailDrawerOf({
  id,
  actions,
  onClose,
}: {
  id: string | null;
  actions?: (visit: Visit) => ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`visitorsVisits.field.${key}`);
  const masked = useVisitDetail(id ?? '');
  const [whole, setWhole] = useState(false);
  const unmasked = useVisitDetailWhole(id ?? '', whole);
  const detail = whole ? unmasked : masked;
  const v = id ? (detail.data ?? (whole ? masked.data : null)) : null;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={640}
      title={t('visitorsVisits.detail.title')}
      destroyOnHidden
      footer={v && actions ? actions(v) : null}
    >
      {detail.isLoading ? <Spin /> : null}
      {detail.error ? (
        <Alert type="error" showIcon title={`${t('visitorsVisits.message.loadFailed')}: ${errorText(detail.error)}`} />
      ) : null}
      {id && !detail.isLoading && !detail.error && !v ? (
        <Empty description={t('visitorsVisits.message.notFound')} />
      ) : null}
      {v ? (
        <>
          {whole ? (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('visitorsVisits.detail.wholeShown')} />
          ) : (
            <Button
              size="small"
              icon={<EyeOutlined />}
              style={{ marginBottom: 12 }}
              onClick={() => setWhole(true)}
              title={t('visitorsVisits.detail.wholeHint')}
            >
              {t('visitorsVisits.action.showWhole')}
            </Button>
          )}
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={f('visitorName')}>{show(v.visitor_name)}</Descriptions.Item>
            <Descriptions.Item label={f('phone')}>{show(v.phone)}</Descriptions.Item>
            <Descriptions.Item label={f('visitorType')}>
              {t(`visitorsVisits.type.${v.visitor_type ?? '1'}`)}
            </Descriptions.Item>
            <Descriptions.Item label={f('state')}>
              <VisitStateTag visit={v} />
            </Descriptions.Item>
            <Descriptions.Item label={f('date')}>{show(v.in_school_date)}</Descriptions.Item>
            <Descriptions.Item label={f('area')}>
              {show(pick(v.in_school_area_name, v.in_school_area_name_en))}
            </Descriptions.Item>
            <Descriptions.Item label={f('peers')}>{v.peers ?? 0}</Descriptions.Item>
            <Descriptions.Item label={f('children')}>{v.in_child ?? 0}</Descriptions.Item>
            <Descriptions.Item label={f('host')}>{show(v.accept_visit_name)}</Descriptions.Item>
            <Descriptions.Item label={f('hostUnit')}>{show(v.accept_visit_unit)}</Descriptions.Item>
            <Descriptions.Item label={f('createdBy')}>{show(v.created_user_name)}</Descriptions.Item>
            <Descriptions.Item label={f('createTime')}>{show(v.create_time)}</Descriptions.Item>
            <Descriptions.Item label={f('plate')}>{v.is_car ? show(v.car_card_number) : '—'}</Descriptions.Item>
            <Descriptions.Item label={f('carModel')}>{v.is_car ? show(v.car_product) : '—'}</Descriptions.Item>
            <Descriptions.Item label={f('reason')} span={2}>
              {show(v.in_school_reason)}
            </Descriptions.Item>
            {v.reject_reason ? (
              <Descriptions.Item label={f('rejectReason')} span={2}>
                {v.reject_reason}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={f('remark')} span={2}>
              {show(v.remark)}
            </Descriptions.Item>
            {(v.infoList ?? []).map((i) => (
              <Descriptions.Item
                key={i.field_name}
                label={pick(i.field_label, i.field_label_en) || i.field_name}
                span={2}
              >
                {show(i.value)}
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('visitorsVisits.detail.trail')}
          </Typography.Title>
          {(v.auditList ?? []).length ? (
            <Timeline
              items={(v.auditList ?? []).map((a) => ({
                key: a.id,
                color: a.result === 'approved' ? 'green' : a.result === 'rejected' ? 'red' : 'gray',
                content: (
                  <div>
                    <Typography.Text strong>
                      {t(`visitorsVisits.trail.step${a.step ?? 0}`)} ·{' '}
                      {t(`visitorsVisits.trail.${a.result ?? 'approved'}`)}
                    </Typography.Text>
                    <div>
                      {a.operator_name} · {a.create_time}
                    </div>
                    {a.reason ? <Typography.Text type="secondary">{a.reason}</Typography.Text> : null}
                  </div>
                ),
              }))}
            />
          ) : (
            <Typography.Text type="secondary">{t('visitorsVisits.detail.noTrail')}</Typography.Text>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
