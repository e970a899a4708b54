import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  useLongTermTriples,
  type LongTermTriple,
} from '../../../../../features/visitors-admin/people/longTermAuthoritativeTriples.ts';
import { LoadError } from '../../sign/listParts.tsx';
import { MANAGE_ROOT } from '../../../paths.ts';
import './people.css';

/**
 * A person type's long-term visitors and the directory triples each is authorised through
 * (`/manage/visitorManagement/longTermVisitor/setting/detail?person_type=...`, hidden from the
 * menu): department, post and account of the linked directory user, one row per position; a
 * long-term visitor without a directory user is marked as not authorised through the directory.
 */
export default function LongTermSettingDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const personType = params.get('person_type') ?? '';
  const triples = useLongTermTriples(personType);
  // the server answers every type for an empty one: the uncategorised page keeps those without a type
  const rows = (triples.data ?? []).filter((r) => personType || !r.person_type);
  const dash = (v: string) => v || '—';
  return (
    <Card
      title={
        <Space>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('visitorsPeople.setting.back')}
            onClick={() => void navigate(`${MANAGE_ROOT}/visitorManagement/longTermVisitor/setting`)}
          />
          {t('route.manage.longTermVisitorSettingDetail')}
          <Typography.Text type="secondary">{personType || t('visitorsPeople.setting.noType')}</Typography.Text>
        </Space>
      }
    >
      <LoadError error={triples.error} />
      <Table<LongTermTriple>
        rowKey="id"
        size="middle"
        loading={triples.isFetching}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: true } : false}
        locale={{ emptyText: t('visitorsPeople.setting.detailEmpty') }}
        scroll={{ x: 960 }}
        columns={[
          { key: 'user_name', title: t('visitorsPeople.field.user_name'), dataIndex: 'user_name', width: 100 },
          {
            key: 'is_enable',
            title: t('visitorsPeople.field.is_enable'),
            width: 80,
            render: (_, r) => (
              <Tag color={r.is_enable === 1 ? 'success' : 'default'}>{t(`visitorsPeople.state.${r.is_enable}`)}</Tag>
            ),
          },
          {
            key: 'validity',
            title: t('visitorsPeople.field.validity'),
            width: 120,
            render: (_, r) => (
              <div className="yy-lt-stack">
                <span>{r.valid_from}</span>
                <span>~ {r.valid_to}</span>
              </div>
            ),
          },
          {
            key: 'authorised',
            title: t('visitorsPeople.setting.through'),
            width: 140,
            render: (_, r) =>
              r.authorised ? (
                <Tag color="processing">{t('visitorsPeople.setting.directory')}</Tag>
              ) : (
                <Tag>{t('visitorsPeople.setting.individual')}</Tag>
              ),
          },
          {
            key: 'dept',
            title: t('visitorsPeople.setting.dept'),
            width: 130,
            ellipsis: true,
            render: (_, r) => dash(r.dept_name),
          },
          {
            key: 'post',
            title: t('visitorsPeople.setting.post'),
            width: 100,
            ellipsis: true,
            render: (_, r) => dash(r.post_name),
          },
          {
            key: 'user',
            title: t('visitorsPeople.setting.user'),
            width: 150,
            render: (_, r) =>
              r.user_account ? (
                <span>
                  {r.user_display_name}
                  <Typography.Text type="secondary"> ({r.user_account})</Typography.Text>
                </span>
              ) : (
                '—'
              ),
          },
          {
            key: 'code',
            title: t('visitorsPeople.setting.code'),
            ellipsis: true,
            render: (_, r) => (r.code ? <Typography.Text code>{r.code}</Typography.Text> : '—'),
          },
        ]}
      />
    </Card>
  );
}
