import { ApartmentOutlined, IdcardOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppRoles, useFlows, useGrantCounts } from '../../../../features/grants/queries.ts';
import type { AppRoleEntry, Flow } from '../../../../features/grants/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { appName, consolePaths } from './parts.tsx';
import './console.css';

/** A role's line on its application's card: name, what it may be limited to, staff mark, grants. */
function RoleLine({ role, count }: { role: AppRoleEntry; count: number | undefined }) {
  const { t } = useTranslation();
  const scope =
    role.scope === 'resources' ? 'scopeResources' : role.scope === 'visitors' ? 'scopeVisitors' : 'scopeNone';
  return (
    <li className="yy-console-role">
      <div className="yy-console-role-text">
        <Space size={4} wrap>
          <Typography.Text strong>{pick(role.name, role.nameEn)}</Typography.Text>
          <Tag>{t(`console.app.${scope}`)}</Tag>
          {role.staff ? <Tag color="gold">{t('console.app.staff')}</Tag> : null}
        </Space>
        <Typography.Text type="secondary" className="yy-console-role-description">
          {pick(role.description, role.descriptionEn)}
        </Typography.Text>
      </div>
      <Link to={`${consolePaths.rolePermission}?app=${role.app}&role=${role.code}`}>
        {count === undefined ? '…' : t('console.app.grants', { count })}
      </Link>
    </li>
  );
}

function AppCard({ flow, roles, counts }: { flow: Flow; roles: AppRoleEntry[]; counts?: Record<string, number> }) {
  const { t } = useTranslation();
  const mine = roles.filter((r) => r.app === flow.code);
  return (
    <Card
      className="yy-console-card"
      title={
        <Space>
          <SafetyCertificateOutlined />
          <span>{appName(flow)}</span>
          <Tag color={flow.ready ? 'success' : 'default'}>
            {t(flow.ready ? 'console.app.ready' : 'console.app.notReady')}
          </Tag>
        </Space>
      }
      actions={[
        <Link key="roles" to={`${consolePaths.rolePermission}?app=${flow.code}`}>
          <SafetyCertificateOutlined /> {t('route.manage.consoleRolePermission')}
        </Link>,
        <Link key="staff" to={`${consolePaths.staff}?app=${flow.code}`}>
          <IdcardOutlined /> {t('route.manage.consoleStaff')}
        </Link>,
        <Link key="dept" to={`${consolePaths.deptPost}?app=${flow.code}`}>
          <ApartmentOutlined /> {t('route.manage.consoleDeptPost')}
        </Link>,
      ]}
    >
      <Typography.Text type="secondary">{t('console.app.roles')}</Typography.Text>
      <ul className="yy-console-roles-list">
        {mine.map((r) => (
          <RoleLine key={r.code} role={r} count={counts?.[r.code]} />
        ))}
      </ul>
    </Card>
  );
}

/**
 * The application centre (`/manage/console`): a card per application of the deployment with its
 * roles and how many grants each has, links to the three authorization pages for it, and the
 * directory's card.
 */
export default function ConsoleHome() {
  const { t } = useTranslation();
  const flows = useFlows();
  const roles = useAppRoles(null);
  const counts = useGrantCounts((roles.data ?? []).map((r) => r.code));
  const error = flows.error ?? roles.error;

  return (
    <div className="yy-console">
      <Typography.Paragraph type="secondary">{t('console.intro')}</Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon role="alert" title={t('console.app.loadFailed', { reason: errorText(error) })} />
      ) : null}
      {counts.error ? (
        <Alert type="warning" showIcon title={errorText(counts.error)} style={{ marginBottom: 12 }} />
      ) : null}
      <Row gutter={[16, 16]}>
        {flows.isPending || roles.isPending ? (
          <Col xs={24} lg={12}>
            <Card>
              <Skeleton active />
            </Card>
          </Col>
        ) : (
          (flows.data ?? []).map((flow) => (
            <Col key={flow.code} xs={24} lg={12}>
              <AppCard flow={flow} roles={roles.data ?? []} counts={counts.data} />
            </Col>
          ))
        )}
        <Col xs={24} lg={12}>
          <Card
            className="yy-console-card"
            title={
              <Space>
                <TeamOutlined />
                <span>{t('console.directory.title')}</span>
              </Space>
            }
            actions={[
              <Link key="open" to={consolePaths.directory}>
                <ApartmentOutlined /> {t('console.directory.open')}
              </Link>,
            ]}
          >
            <Typography.Paragraph>{t('console.directory.description')}</Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
