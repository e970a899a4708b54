import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Menu, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppRoles, useFlows } from '../../../../features/grants/queries.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { GrantDialog } from './GrantDialog.tsx';
import { GrantsTable } from './GrantsTable.tsx';
import { appName, roleName } from './parts.tsx';
import './console.css';

/**
 * Application role authorization (`/manage/console/govern/rolepermission?app=booking&role=...`):
 * the application's roles; for the chosen one who holds it (users, departments, posts,
 * combinations) and what each grant covers, searched and paged; grant to one or several subjects
 * at once, revoke one or the selected ones.
 */
export default function RolePermission() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [granting, setGranting] = useState(false);
  const flows = useFlows();
  const app = params.get('app') || flows.data?.[0]?.code || 'booking';
  const roles = useAppRoles(app);
  const list = roles.data ?? [];
  const role = list.find((r) => r.code === params.get('role')) ?? list[0];

  const choose = (next: { app?: string; role?: string }) => {
    const p = new URLSearchParams();
    p.set('app', next.app ?? app);
    if (next.role) p.set('role', next.role);
    setParams(p, { replace: true });
  };

  const error = flows.error ?? roles.error;
  return (
    <Card
      className="yy-console"
      title={t('route.manage.consoleRolePermission')}
      extra={
        flows.data && flows.data.length > 1 ? (
          <Segmented
            aria-label={t('console.rolePermission.chooseApp')}
            value={app}
            onChange={(v) => choose({ app: String(v) })}
            options={flows.data.map((f) => ({ value: f.code, label: appName(f) }))}
          />
        ) : null
      }
    >
      {error ? (
        <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 12 }} />
      ) : null}
      <div className="yy-console-split">
        <nav className="yy-console-side" aria-label={t('console.rolePermission.roles')}>
          <Typography.Title level={5}>{t('console.rolePermission.roles')}</Typography.Title>
          {list.length ? (
            <Menu
              className="yy-console-roles"
              mode="inline"
              selectedKeys={role ? [role.code] : []}
              onClick={({ key }) => choose({ role: key })}
              items={list.map((r) => ({
                key: r.code,
                label: (
                  <Space orientation="vertical" size={0}>
                    <span>
                      {pick(r.name, r.nameEn)} {r.staff ? <Tag color="gold">{t('console.app.staff')}</Tag> : null}
                    </span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {pick(r.description, r.descriptionEn)}
                    </Typography.Text>
                  </Space>
                ),
              }))}
            />
          ) : roles.isPending ? null : (
            <Empty description={t('console.rolePermission.noRoles')} />
          )}
        </nav>
        <section className="yy-console-main">
          {role ? (
            <>
              <Typography.Title level={5}>
                {t('console.rolePermission.holders', { role: roleName(role.code, list) })}
              </Typography.Title>
              <GrantsTable
                base={{ permission: { eq: role.code } }}
                roles={[role]}
                typeFilter
                caption={t('console.rolePermission.holders', { role: roleName(role.code, list) })}
                emptyText={t('console.empty')}
                toolbar={
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setGranting(true)}>
                    {t('console.action.grant')}
                  </Button>
                }
              />
              <GrantDialog
                open={granting}
                onClose={() => setGranting(false)}
                roles={[role]}
                role={role.code}
                subjectTypes={['user', 'dept', 'post']}
              />
            </>
          ) : null}
        </section>
      </div>
    </Card>
  );
}
