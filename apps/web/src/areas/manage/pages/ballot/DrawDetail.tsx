import { CheckCircleOutlined, CloseCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Grid,
  Skeleton,
  Table,
  Tag,
  Typography,
  type TableColumnType,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBallotDraw, useReplayBallotDraw } from '../../../../features/ballot-admin/api.ts';
import type { BallotDrawEntry } from '../../../../features/ballot-admin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { OutcomeTag, useDrawnBy, useRefusalText } from './parts.tsx';

/**
 * One draw in a drawer: resource and date, when entries closed and the draw ran, who drew and
 * how long it took, the seed, the settings and places per slot, and the entries in drawn order
 * (entrant, slot, weight, position, outcome, why not in words). "Replay" draws again from the
 * seed on the server and says verified or names the first difference.
 */
export function DrawDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const draw = useBallotDraw(id);
  const replay = useReplayBallotDraw();
  const refusalText = useRefusalText();
  const drawnBy = useDrawnBy();
  const f = (key: string) => t(`ballotAdmin.field.${key}`);
  const { reset } = replay;

  // a replay's answer belongs to the draw it was asked for
  useEffect(() => reset(), [id, reset]);

  const d = draw.data;
  const columns: TableColumnType<BallotDrawEntry>[] = [
    {
      key: 'position',
      title: f('position'),
      width: 90,
      align: 'right',
      render: (_, e) => e.position ?? '—',
    },
    {
      key: 'user',
      title: f('user'),
      width: 160,
      render: (_, e) => (
        <span className="yy-ballot-cell">
          <span>{e.appointment_user_name || e.appointment_user}</span>
          <Typography.Text type="secondary">{e.appointment_user}</Typography.Text>
        </span>
      ),
    },
    { key: 'slot', title: f('slot'), dataIndex: 'slot', width: 120 },
    {
      key: 'weight',
      title: f('weight'),
      width: 80,
      align: 'right',
      render: (_, e) => (e.weight == null ? '—' : Number(e.weight.toFixed(3)).toString()),
    },
    { key: 'outcome', title: f('outcome'), width: 150, render: (_, e) => <OutcomeTag outcome={e.outcome} /> },
    {
      key: 'refusal',
      title: f('refusal'),
      width: 200,
      render: (_, e) => refusalText(e.refusal) || '—',
    },
    { key: 'create_time', title: f('enteredAt'), dataIndex: 'create_time', width: 170 },
  ];

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={
        d
          ? `${t('ballotAdmin.detail.title')} · ${pick(d.resources_name, d.resources_name_en)}`
          : t('ballotAdmin.detail.title')
      }
      size="large"
      styles={{ wrapper: { width: 'min(1000px, 100vw)' } }}
      destroyOnHidden
    >
      {draw.isPending && id ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      {draw.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(draw.error)}
          action={
            <Button size="small" onClick={() => void draw.refetch()}>
              {t('ballotAdmin.action.refresh')}
            </Button>
          }
        />
      ) : null}
      {draw.isSuccess && !d ? <Alert type="warning" showIcon title={t('ballotAdmin.detail.notFound')} /> : null}
      {d ? (
        <>
          <Descriptions column={screens.md ? 2 : 1} bordered size="small">
            <Descriptions.Item label={f('resource')}>{pick(d.resources_name, d.resources_name_en)}</Descriptions.Item>
            <Descriptions.Item label={f('date')}>{d.appointment_date}</Descriptions.Item>
            <Descriptions.Item label={f('closesAt')}>{d.closes_at}</Descriptions.Item>
            <Descriptions.Item label={f('drawnAt')}>{d.drawn_at}</Descriptions.Item>
            <Descriptions.Item label={f('drawnBy')}>{drawnBy(d)}</Descriptions.Item>
            <Descriptions.Item label={f('took')}>{t('ballotAdmin.tookMs', { ms: d.took_ms })}</Descriptions.Item>
            <Descriptions.Item label={f('entries')}>{d.entries_count}</Descriptions.Item>
            <Descriptions.Item label={f('winners')}>{d.winners_count}</Descriptions.Item>
            <Descriptions.Item label={f('settings')} span={screens.md ? 2 : 1}>
              {t('ballotAdmin.release.drawSettings', {
                weighted: t(d.weighted ? 'ballotAdmin.release.weightedOn' : 'ballotAdmin.release.weightedOff'),
                cap: d.max_wins_per_person
                  ? t('ballotAdmin.release.cap', { count: d.max_wins_per_person })
                  : t('ballotAdmin.release.noCap'),
              })}
            </Descriptions.Item>
            <Descriptions.Item label={f('places')} span={screens.md ? 2 : 1}>
              <span className="yy-ballot-places">
                {d.slots.map((s) => (
                  <Tag key={s.slot}>{`${s.slot} × ${s.capacity}`}</Tag>
                ))}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={f('seed')} span={screens.md ? 2 : 1}>
              <Typography.Text className="yy-ballot-seed" copyable data-testid="ballot-seed">
                {d.seed}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <div className="yy-ballot-replay">
            <Typography.Paragraph type="secondary">{t('ballotAdmin.detail.replayIntro')}</Typography.Paragraph>
            <Button icon={<SafetyCertificateOutlined />} loading={replay.isPending} onClick={() => replay.mutate(d.id)}>
              {t('ballotAdmin.action.replay')}
            </Button>
            {replay.data ? (
              <Alert
                style={{ marginTop: 12 }}
                type={replay.data.verified ? 'success' : 'error'}
                showIcon
                icon={replay.data.verified ? <CheckCircleOutlined /> : <CloseCircleOutlined />}
                role="status"
                data-testid="ballot-replay"
                title={
                  replay.data.verified
                    ? t('ballotAdmin.detail.verified', { winners: replay.data.winners })
                    : t('ballotAdmin.detail.differs', { difference: replay.data.difference })
                }
              />
            ) : null}
            {replay.isError ? (
              <Alert style={{ marginTop: 12 }} type="error" showIcon role="alert" title={errorText(replay.error)} />
            ) : null}
          </div>
          <Typography.Title level={5}>{t('ballotAdmin.detail.entries')}</Typography.Title>
          <Table<BallotDrawEntry>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={d.entries}
            pagination={d.entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            scroll={{ x: 970 }}
            locale={{ emptyText: t('ballotAdmin.detail.noEntries') }}
          />
        </>
      ) : null}
    </Drawer>
  );
}
