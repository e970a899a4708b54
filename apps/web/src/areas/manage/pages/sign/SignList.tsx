import { QrcodeOutlined, ReloadOutlined, ScanOutlined } from '@ant-design/icons';
import { Button, Card, Grid, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  signListVariables,
  todayFilters,
  type SignListFilters,
} from '../../../../features/checkin-admin/signListVariables.ts';
import { useAppointmentSignAll } from '../../../../features/checkin/api/findAppointmentSignAll.ts';
import { markOptions, shortWallTime, signVerdict, VERDICT_TONE } from '../../../../features/checkin/signs.ts';
import type { AppointmentSign } from '../../../../features/checkin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { usePaging } from './listParts.tsx';
import { MarkDialog, type MarkRequest } from './MarkDialog.tsx';
import { SignFilterBar } from './SignFilterBar.tsx';
import { signDate } from './signText.ts';
import './sign.css';

const TAG_COLOR = {
  success: 'success',
  primary: 'processing',
  warning: 'warning',
  danger: 'error',
  default: 'default',
};

/** Who recorded a time: '1' the booker scanned the venue's code, '2' staff scanned the voucher, '3' staff marked it. */
function Recorded({ time, way, by, date }: { time: string; way: string; by: string; date: string }) {
  const { t } = useTranslation();
  if (!time) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className="yy-sign-time">
      <span>{shortWallTime(time, date)}</span>
      <Typography.Text type="secondary" className="yy-sign-way">
        {t(`checkinAdmin.way.${way}`, { defaultValue: way })}
        {by && way !== '1' ? ` · ${by}` : ''}
      </Typography.Text>
    </span>
  );
}

/**
 * Check-in and check-out records (`/manage/sign`): today's confirmed bookings by default, with
 * filters by date range, resource, sign state and booker; check-in, check-out and no-show
 * times; staff mark a booking performed or a no-show (with a note). Links to the check-in desk.
 */
export default function SignList() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const [initial] = useState(() => todayFilters(Date.now()));
  const [filters, setFilters] = useState<SignListFilters>(initial);
  const paging = usePaging();
  const [marking, setMarking] = useState<MarkRequest | null>(null);
  const variables = useMemo(
    () => signListVariables(filters, paging.page.current, paging.page.pageSize),
    [filters, paging.page],
  );
  const list = useAppointmentSignAll(variables);
  const rows = list.data?.edges.map((e) => e.node) ?? [];
  const now = Date.now();

  const search = (next: SignListFilters) => {
    setFilters(next);
    paging.firstPage();
  };

  const columns: DataTableColumn<AppointmentSign>[] = [
    {
      key: 'when',
      title: t('checkinAdmin.field.when'),
      width: 200,
      className: 'yy-sign-nowrap',
      render: (_, s) => `${signDate(s.appointment_date)} ${s.start_time}-${s.end_time}`,
    },
    {
      key: 'resource',
      title: t('checkinAdmin.field.resource'),
      width: 170,
      render: (_, s) => pick(s.resources_name, s.resources_name_en),
    },
    {
      key: 'booker',
      title: t('checkinAdmin.field.booker'),
      width: 150,
      render: (_, s) => (
        <span>
          {s.appointment_user_name || s.appointment_user}
          {s.appointment_user_name ? <Typography.Text type="secondary"> ({s.appointment_user})</Typography.Text> : null}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('checkinAdmin.field.signState'),
      width: 130,
      render: (_, s) => {
        const verdict = signVerdict(s, now);
        return <Tag color={TAG_COLOR[VERDICT_TONE[verdict]]}>{t(`checkinAdmin.verdict.${verdict}`)}</Tag>;
      },
    },
    {
      key: 'window',
      title: t('checkinAdmin.field.window'),
      width: 150,
      defaultHidden: true,
      render: (_, s) =>
        s.sign_in_start && s.sign_in_end
          ? `${shortWallTime(s.sign_in_start, signDate(s.appointment_date))}-${shortWallTime(s.sign_in_end, signDate(s.appointment_date))}`
          : '—',
    },
    {
      key: 'sign_in',
      title: t('checkinAdmin.field.signIn'),
      width: 150,
      render: (_, s) => (
        <Recorded
          time={s.sign_in_time}
          way={s.sign_in_way}
          by={s.sign_in_user_name || s.sign_in_user}
          date={signDate(s.appointment_date)}
        />
      ),
    },
    {
      key: 'sign_out',
      title: t('checkinAdmin.field.signOut'),
      width: 150,
      render: (_, s) =>
        s.sign_out_rule === '1' ? (
          <Recorded
            time={s.sign_out_time}
            way={s.sign_out_way}
            by={s.sign_out_user_name || s.sign_out_user}
            date={signDate(s.appointment_date)}
          />
        ) : (
          <Typography.Text type="secondary">{t('checkinAdmin.message.noSignOut')}</Typography.Text>
        ),
    },
    {
      key: 'missed',
      title: t('checkinAdmin.field.missed'),
      width: 150,
      render: (_, s) =>
        s.missed_time ? (
          <span className="yy-sign-time">
            <span>{shortWallTime(s.missed_time, signDate(s.appointment_date))}</span>
            <Typography.Text type="secondary" className="yy-sign-way">
              {t(`checkinAdmin.missedWay.${s.missed_way}`, { defaultValue: s.missed_way })}
              {s.missed_way === '2' && (s.missed_user_name || s.missed_user)
                ? ` · ${s.missed_user_name || s.missed_user}`
                : ''}
            </Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'remark',
      title: t('checkinAdmin.field.remark'),
      width: 160,
      ellipsis: true,
      render: (_, s) => s.remark || '—',
    },
    { key: 'dept', title: t('checkinAdmin.field.dept'), dataIndex: 'dept_name', width: 140, defaultHidden: true },
    { key: 'phone', title: t('checkinAdmin.field.phone'), dataIndex: 'phone', width: 130, defaultHidden: true },
    { key: 'theme', title: t('checkinAdmin.field.theme'), dataIndex: 'theme', width: 160, defaultHidden: true },
    {
      key: 'actions',
      title: t('checkinAdmin.field.actions'),
      fixed: screens.md ? 'right' : undefined,
      width: 230,
      render: (_, s) => {
        const can = markOptions(s);
        if (!can.performed && !can.missed) return <Typography.Text type="secondary">—</Typography.Text>;
        return (
          <Space size={0}>
            {can.performed ? (
              <Button type="link" size="small" onClick={() => setMarking({ mark: 'performed', sign: s })}>
                {t('checkinAdmin.action.markPerformed')}
              </Button>
            ) : null}
            {can.missed ? (
              <Button type="link" size="small" danger onClick={() => setMarking({ mark: 'missed', sign: s })}>
                {t('checkinAdmin.action.markMissed')}
              </Button>
            ) : null}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t('checkinAdmin.title.list')}>
      <SignFilterBar initial={initial} onSearch={search} />
      <DataTable<AppointmentSign>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={rows}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('checkinAdmin.message.empty') }}
        toolbar={
          <Space wrap>
            <Button type="primary" icon={<ScanOutlined />} onClick={() => navigate('/manage/signer')}>
              {t('checkinAdmin.action.openDesk')}
            </Button>
            <Button icon={<QrcodeOutlined />} onClick={() => navigate('/manage/signer?tab=qr')}>
              {t('checkinAdmin.action.openQr')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()} loading={list.isFetching}>
              {t('checkinAdmin.action.refresh')}
            </Button>
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('checkinAdmin.total', { total }))}
      />
      <MarkDialog request={marking} onClose={() => setMarking(null)} />
    </Card>
  );
}
