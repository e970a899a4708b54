import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../app/session.tsx';
import { checkAppointmentCancelTime } from '../../../../features/booking/api/checkAppointmentCancelTime.ts';
import { useCancelAppointmentSeries } from '../../../../features/booking/api/cancelAppointmentSeries.ts';
import { useAppointmentsForAccount } from '../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { useBallotEntriesForSelf } from '../../../../features/booking/api/findBallotEntriesForSelf.ts';
import { ballotCandidates } from '../../../../features/booking/ballot.ts';
import { BallotTag } from '../../../../features/booking/Ballot.tsx';
import { cancelAppointment } from '../../../../features/booking/api/updateAppointmentInformationState.ts';
import { errorText } from '../../../../features/booking/result.ts';
import { bookingKeys } from '../../../../features/booking/keys.ts';
import { type Appointment, type AppointmentFilter } from '../../../../features/booking/types.ts';
import { evaluateAction } from '../../../../features/evaluations/form.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { pick } from '../../../../lib/i18n.ts';
import { bookingDate, isoWeekday } from '../../../../features/booking/dates.ts';
import {
  SEARCHABLE_STATUSES,
  STATUS_COLOR,
  appointmentActions,
  bookingStatus,
  modeKey,
  statusFilter,
} from '../../booking/appointmentStatus.ts';
import { LazyCommentDialog } from '../../evaluations/lazy.ts';
import { AppointmentDetailDialog } from './AppointmentDetailDialog.tsx';
import { CancelDialog } from './CancelDialog.tsx';
import { ChangeTimeDialog } from './ChangeTimeDialog.tsx';
import './my-appointments.css';

type Status = (typeof SEARCHABLE_STATUSES)[number] | '';

interface Search {
  status: Status;
  typeId: string;
  range: [string, string] | null;
}

interface SearchForm {
  status?: Status;
  typeId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** What a batch cancel did: how many were cancelled and which were refused, with why. */
interface BatchOutcome {
  cancelled: number;
  refused: { appointment: Appointment; reason: string }[];
}

/** Who is being cancelled: some bookings, or a whole series. */
type Cancelling = { kind: 'ids'; rows: Appointment[] } | { kind: 'series'; row: Appointment };

const PAGE_SIZES = [10, 20, 50];

/**
 * My appointments (`/pc/myAppointment`, spec 2.2): the user's bookings with search by status,
 * type and dates; detail, change time, cancel one, a whole series or several at once.
 */
export default function MyAppointments() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SearchForm>();
  const [search, setSearch] = useState<Search>({ status: '', typeId: '', range: null });
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [selected, setSelected] = useState<Appointment[]>([]);
  const [detail, setDetail] = useState<Appointment | null>(null);
  const [changing, setChanging] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const [outcome, setOutcome] = useState<BatchOutcome | null>(null);
  const [evaluating, setEvaluating] = useState<Appointment | null>(null);
  const { account } = useSession();
  const types = useResourcesTypeAllByAccount();
  const cancelSeries = useCancelAppointmentSeries();

  const filter: AppointmentFilter = {
    ...(search.status ? statusFilter(search.status) : {}),
    ...(search.typeId ? { resources_type_id: { eq: search.typeId } } : {}),
  };
  const list = useAppointmentsForAccount({
    first: page.size,
    offset: (page.current - 1) * page.size,
    filter,
    appointmentDate: search.range ?? [],
  });
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  // bookings that came through a ballot: the entry's state or outcome
  const ballot = useBallotEntriesForSelf(ballotCandidates(rows));

  const apply = (v: SearchForm) => {
    const from = v.range?.[0]?.format('YYYY-MM-DD');
    const to = v.range?.[1]?.format('YYYY-MM-DD');
    setSearch({ status: v.status ?? '', typeId: v.typeId ?? '', range: from && to ? [from, to] : null });
    setPage((p) => ({ ...p, current: 1 }));
    setSelected([]);
  };

  /** One booking: asks the server first whether it may still be cancelled. */
  const askCancel = async (a: Appointment) => {
    try {
      await checkAppointmentCancelTime(a.id);
      setCancelling({ kind: 'ids', rows: [a] });
    } catch (err) {
      modal.error({ title: t('pcBooking.mine.cannotCancel'), content: errorText(err) });
    }
  };

  const runCancel = async (reason: string) => {
    if (!cancelling) return;
    if (cancelling.kind === 'series') {
      const res = await cancelSeries.mutateAsync({ seriesId: cancelling.row.series_id, reason });
      message.success(pick(res.msg, res.msg_en) || t('pcBooking.mine.cancelled', { n: res.ids?.length ?? 0 }));
    } else if (cancelling.rows.length === 1) {
      await cancelAppointment({ id: cancelling.rows[0]!.id, reason });
      message.success(t('pcBooking.mine.cancelled', { n: 1 }));
    } else {
      const refused: BatchOutcome['refused'] = [];
      let cancelled = 0;
      for (const a of cancelling.rows) {
        try {
          await cancelAppointment({ id: a.id, reason });
          cancelled++;
        } catch (err) {
          refused.push({ appointment: a, reason: errorText(err) });
        }
      }
      if (refused.length) setOutcome({ cancelled, refused });
      else message.success(t('pcBooking.mine.cancelled', { n: cancelled }));
    }
    setCancelling(null);
    setSelected([]);
    setDetail(null);
    await queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  };

  const when = (a: Appointment) => {
    const d = bookingDate(a.appointment_date);
    return `${d} ${t(`pcBooking.weekday.${isoWeekday(d)}`)} ${a.start_time}–${a.end_time}`;
  };

  return (
    <Card title={<h1 className="yy-pc-mine-title">{t('route.pc.myAppointment')}</h1>} variant="borderless">
      <Form<SearchForm> form={form} layout="inline" className="yy-pc-mine-search" onFinish={apply} role="search">
        <Form.Item name="status" label={t('pcBooking.mine.status')}>
          <Select
            allowClear
            style={{ width: 150 }}
            placeholder={t('pcBooking.mine.allStatuses')}
            options={SEARCHABLE_STATUSES.map((s) => ({ value: s, label: t(`pcBooking.status.${s}`) }))}
          />
        </Form.Item>
        <Form.Item name="typeId" label={t('pcBooking.mine.type')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('pcBooking.mine.allTypes')}
            loading={types.isPending}
            options={(types.data ?? []).map((ty) => ({
              value: ty.id,
              label: pick(ty.resources_name, ty.resources_name_en),
            }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('pcBooking.mine.dates')}>
          <DatePicker.RangePicker />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('pcBooking.mine.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              {t('pcBooking.query.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>

      <div className="yy-pc-mine-toolbar">
        <Button danger disabled={selected.length === 0} onClick={() => setCancelling({ kind: 'ids', rows: selected })}>
          {t('pcBooking.mine.batchCancel', { n: selected.length })}
        </Button>
        <Typography.Text type="secondary">{t('pcBooking.mine.batchHint')}</Typography.Text>
      </div>

      {list.error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(list.error)}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t('pcBooking.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table<Appointment>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('pcBooking.mine.empty') }}
        rowSelection={{
          selectedRowKeys: selected.map((a) => a.id),
          onChange: (_, picked) => setSelected(picked),
          getCheckboxProps: (a) => ({
            disabled: !appointmentActions(a, Date.now()).cancel,
            'aria-label': pick(a.resources_name, a.resources_name_en),
          }),
        }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.totalCount ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (n) => t('pcBooking.query.total', { n }),
          onChange: (current, size) => {
            setPage({ current, size });
            setSelected([]);
          },
        }}
        columns={[
          {
            title: t('pcBooking.mine.resource'),
            key: 'resource',
            render: (_, a) => (
              <div className="yy-pc-mine-resource">
                <Typography.Link onClick={() => setDetail(a)}>
                  {pick(a.resources_name, a.resources_name_en)}
                </Typography.Link>
                <Typography.Text type="secondary">
                  {pick(a.resources_type_name, a.resources_type_name_en)}
                </Typography.Text>
              </div>
            ),
          },
          { title: t('pcBooking.mine.time'), key: 'time', render: (_, a) => when(a) },
          {
            title: t('pcBooking.mine.status'),
            key: 'status',
            width: 150,
            render: (_, a) => {
              const entry = ballot.data?.get(a.id);
              const s = bookingStatus(a, Date.now(), entry);
              return (
                <Space size={4} wrap>
                  <Tag color={STATUS_COLOR[s]}>{t(`pcBooking.status.${s}`)}</Tag>
                  {entry ? <BallotTag entry={entry} /> : null}
                </Space>
              );
            },
          },
          {
            title: t('pcBooking.mine.mode'),
            key: 'mode',
            width: 90,
            render: (_, a) => t(modeKey(a)),
          },
          { title: t('pcBooking.form.theme'), dataIndex: 'theme', ellipsis: true },
          {
            title: t('pcBooking.mine.actions'),
            key: 'actions',
            width: 240,
            render: (_, a) => {
              const can = appointmentActions(a, Date.now());
              const evaluate = evaluateAction(a, account);
              return (
                <Space size={4} wrap>
                  <Button size="small" type="link" onClick={() => setDetail(a)}>
                    {t('pcBooking.mine.detail')}
                  </Button>
                  {evaluate ? (
                    <Button size="small" type="link" onClick={() => setEvaluating(a)}>
                      {t(evaluate === 'evaluate' ? 'evaluations.evaluate' : 'evaluations.view')}
                    </Button>
                  ) : null}
                  {can.changeTime ? (
                    <Button size="small" type="link" onClick={() => setChanging(a)}>
                      {t('pcBooking.mine.changeTime')}
                    </Button>
                  ) : null}
                  {can.cancel ? (
                    <Button size="small" type="link" danger onClick={() => void askCancel(a)}>
                      {t('pcBooking.mine.cancel')}
                    </Button>
                  ) : null}
                  {can.cancelSeries && can.cancel ? (
                    <Button size="small" type="link" danger onClick={() => setCancelling({ kind: 'series', row: a })}>
                      {t('pcBooking.mine.cancelSeries')}
                    </Button>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />

      {detail ? (
        <AppointmentDetailDialog
          appointment={detail}
          onClose={() => setDetail(null)}
          onCancel={(a) => void askCancel(a)}
          onChangeTime={(a) => {
            setDetail(null);
            setChanging(a);
          }}
          onEvaluate={(a) => {
            setDetail(null);
            setEvaluating(a);
          }}
        />
      ) : null}
      {evaluating ? (
        <Suspense fallback={null}>
          <LazyCommentDialog appointment={evaluating} onClose={() => setEvaluating(null)} />
        </Suspense>
      ) : null}
      {changing ? <ChangeTimeDialog appointment={changing} onClose={() => setChanging(null)} /> : null}
      {cancelling ? (
        <CancelDialog
          open
          title={
            cancelling.kind === 'series'
              ? t('pcBooking.mine.cancelSeriesTitle')
              : t('pcBooking.mine.cancelTitle', { n: cancelling.rows.length })
          }
          description={
            cancelling.kind === 'series'
              ? t('pcBooking.mine.cancelSeriesHint', {
                  name: pick(cancelling.row.resources_name, cancelling.row.resources_name_en),
                })
              : cancelling.rows.map(when).slice(0, 5).join('；') + (cancelling.rows.length > 5 ? ' …' : '')
          }
          onCancel={() => setCancelling(null)}
          onConfirm={runCancel}
        />
      ) : null}
      {outcome ? (
        <Modal
          open
          title={t('pcBooking.mine.outcomeTitle')}
          onOk={() => setOutcome(null)}
          onCancel={() => setOutcome(null)}
          cancelButtonProps={{ style: { display: 'none' } }}
        >
          <Typography.Paragraph>
            {t('pcBooking.mine.outcome', { cancelled: outcome.cancelled, refused: outcome.refused.length })}
          </Typography.Paragraph>
          <ul className="yy-pc-mine-refused">
            {outcome.refused.map((r) => (
              <li key={r.appointment.id}>
                <strong>{pick(r.appointment.resources_name, r.appointment.resources_name_en)}</strong>{' '}
                {when(r.appointment)}
                <div>{r.reason}</div>
              </li>
            ))}
          </ul>
        </Modal>
      ) : null}
    </Card>
  );
}
