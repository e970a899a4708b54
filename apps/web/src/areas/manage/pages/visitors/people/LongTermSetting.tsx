import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  summariseByPersonType,
  useLongTermTriples,
  type PersonTypeSummary,
} from '../../../../../features/visitors-admin/people/longTermAuthoritativeTriples.ts';
import { LoadError } from '../../sign/listParts.tsx';
import { MANAGE_ROOT } from '../../../paths.ts';

/** The detail page of a person type's authorisation. */
export const longTermDetailPath = (personType: string) =>
  `${MANAGE_ROOT}/visitorManagement/longTermVisitor/setting/detail?person_type=${encodeURIComponent(personType)}`;

/**
 * Long-term visitor authorisation (`/manage/visitorManagement/longTermVisitor/setting`): the
 * person types of long-term visitors, how many there are and are enabled, how many are
 * authorised through directory triples (department, post, user) and through how many; each
 * type's detail lists them.
 */
export default function LongTermSettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const triples = useLongTermTriples();
  const rows = summariseByPersonType(triples.data ?? []);
  const typeName = (type: string) => type || t('visitorsPeople.setting.noType');
  return (
    <Card title={t('route.manage.longTermVisitorSetting')}>
      <Typography.Paragraph type="secondary">{t('visitorsPeople.setting.intro')}</Typography.Paragraph>
      <LoadError error={triples.error} />
      <Table<PersonTypeSummary>
        rowKey="person_type"
        size="middle"
        loading={triples.isFetching}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: t('visitorsPeople.setting.empty') }}
        columns={[
          {
            key: 'person_type',
            title: t('visitorsPeople.field.person_type'),
            render: (_, r) => typeName(r.person_type),
          },
          { key: 'visitors', title: t('visitorsPeople.setting.visitors'), dataIndex: 'visitors', width: 140 },
          { key: 'enabled', title: t('visitorsPeople.setting.enabled'), dataIndex: 'enabled', width: 140 },
          { key: 'authorised', title: t('visitorsPeople.setting.authorised'), dataIndex: 'authorised', width: 180 },
          { key: 'triples', title: t('visitorsPeople.setting.triples'), dataIndex: 'triples', width: 160 },
          {
            key: 'actions',
            title: t('visitorsPeople.common.actions'),
            width: 110,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                aria-label={`${t('visitorsPeople.setting.detail')} ${typeName(r.person_type)}`}
                onClick={() => void navigate(longTermDetailPath(r.person_type))}
              >
                {t('visitorsPeople.setting.detail')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
