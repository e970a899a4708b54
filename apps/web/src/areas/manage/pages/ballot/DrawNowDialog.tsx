import { ThunderboltOutlined } from '@ant-design/icons';
import { Alert, App, DatePicker, Form, Modal, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawBallotNow } from '../../../../features/ballot-admin/api.ts';
import { useBallotDateInfo } from '../../../../features/booking/api/findBallotDateInfo.ts';
import { mayDrawNow, type BallotDrawNow } from '../../../../features/ballot-admin/types.ts';
import type { ResourceOption } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';

const DATE = 'YYYY-MM-DD';

/**
 * "Draw now": a resource and a date; the date's phase is read from the server, and only a date
 * collecting entries or closed and not drawn yet may be drawn, after a confirmation. `onDrawn`
 * gets the new draw.
 */
export function DrawNowDialog({
  open,
  resources,
  resourcesLoading,
  onClose,
  onDrawn,
}: {
  open: boolean;
  resources: ResourceOption[];
  resourcesLoading: boolean;
  onClose: () => void;
  onDrawn: (draw: BallotDrawNow) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [resourceId, setResourceId] = useState<string | undefined>();
  const [date, setDate] = useState<Dayjs | null>(null);
  const isoDate = date?.format(DATE);
  const info = useBallotDateInfo(resourceId, isoDate);
  const draw = useDrawBallotNow();
  const resource = resources.find((r) => r.id === resourceId);
  const phase = info.data?.phase;
  const allowed = mayDrawNow(phase);

  const run = async () => {
    try {
      const done = await draw.mutateAsync({ resourcesId: resourceId!, date: isoDate! });
      void message.success(t('ballotAdmin.drawNow.done', { entries: done.entries_count, winners: done.winners_count }));
      onDrawn(done);
    } catch (err) {
      void message.error(errorText(err));
      void info.refetch();
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('ballotAdmin.drawNow.confirmTitle'),
      content: t('ballotAdmin.drawNow.confirm', {
        resource: resource ? pick(resource.resources_name, resource.resources_name_en) : '',
        date: isoDate,
      }),
      okText: t('ballotAdmin.action.drawNow'),
      cancelText: t('ballotAdmin.action.cancel'),
      onOk: run,
    });

  return (
    <Modal
      open={open}
      title={t('ballotAdmin.drawNow.title')}
      onCancel={onClose}
      okText={t('ballotAdmin.action.drawNow')}
      cancelText={t('ballotAdmin.action.cancel')}
      okButtonProps={{ disabled: !allowed, icon: <ThunderboltOutlined />, loading: draw.isPending }}
      onOk={confirm}
      destroyOnHidden
      afterClose={() => {
        setResourceId(undefined);
        setDate(null);
      }}
    >
      <Typography.Paragraph type="secondary">{t('ballotAdmin.drawNow.intro')}</Typography.Paragraph>
      <Form layout="vertical" component={false} name="ballotDrawNow">
        <Form.Item label={t('ballotAdmin.field.resource')} htmlFor="ballot-draw-resource">
          <Select
            id="ballot-draw-resource"
            value={resourceId}
            onChange={setResourceId}
            showSearch={{ optionFilterProp: 'label' }}
            loading={resourcesLoading}
            placeholder={t('ballotAdmin.placeholder.pickResource')}
            options={resources.map((r) => ({ value: r.id, label: pick(r.resources_name, r.resources_name_en) }))}
          />
        </Form.Item>
        <Form.Item label={t('ballotAdmin.field.date')} htmlFor="ballot-draw-date">
          <DatePicker
            id="ballot-draw-date"
            value={date}
            onChange={(d) => setDate(d)}
            format={DATE}
            placeholder={t('ballotAdmin.placeholder.pickDate')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
      {resourceId && isoDate ? (
        <div className="yy-ballot-drawnow-phase" aria-live="polite">
          {info.isFetching && !info.data ? <Typography.Text type="secondary">…</Typography.Text> : null}
          {info.isError ? <Alert type="error" showIcon role="alert" title={errorText(info.error)} /> : null}
          {phase ? (
            <Alert
              type={allowed ? 'warning' : 'info'}
              showIcon
              data-testid="ballot-phase"
              title={t('ballotAdmin.drawNow.phaseLine', {
                phase: t(`ballotAdmin.drawNow.phase.${phase}`, { closesAt: info.data?.closes_at ?? '' }),
              })}
              description={
                info.data?.opens_at
                  ? t('ballotAdmin.drawNow.windowLine', { from: info.data.opens_at, to: info.data.closes_at })
                  : undefined
              }
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
