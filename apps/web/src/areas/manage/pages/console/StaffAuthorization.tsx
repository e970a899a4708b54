import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppRoles, useFlows } from '../../../../features/grants/queries.ts';
import type { PermissionFilter } from '../../../../features/grants/types.ts';
import { errorText } from '../../operation-result.ts';
import { GrantDialog } from './GrantDialog.tsx';
import { GrantsTable } from './GrantsTable.tsx';
import { appName } from './parts.tsx';
import './console.css';

const ALL = '';

/**
 * Staff identity authorization (`/manage/console/authorize/staff`, `?app=` narrows to one
 * application): the users holding a staff role (check-in staff, gate staff), searched by name or
 * account and paged; grant a staff role with what it covers to one or several users at once,
 * revoke one or the selected ones.
 */
export default function StaffAuthorization() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [granting, setGranting] = useState(false);
  const flows = useFlows();
  const roles = useAppRoles(null);
  const app = params.get('app') ?? ALL;
  const staffRoles = (roles.data ?? []).filter((r) => r.staff && (app === ALL || r.app === app));
  const base: PermissionFilter = {
    staff: { eq: '1' },
    type: { eq: 'user' },
    ...(app !== ALL ? { app: { eq: app } } : {}),
  };
  const error = flows.error ?? roles.error;

  return (
    <Card
      className="yy-console"
      title={t('route.manage.consoleStaff')}
      extra={
        flows.data && flows.data.length > 1 ? (
          <Segmented
            aria-label={t('console.field.app')}
            value={app}
            onChange={(v) => setParams(v ? { app: String(v) } : {}, { replace: true })}
            options={[
              { value: ALL, label: t('console.placeholder.all') },
              ...flows.data.map((f) => ({ value: f.code, label: appName(f) })),
            ]}
          />
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('console.staff.intro')}</Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 12 }} />
      ) : null}
      <GrantsTable
        base={base}
        roles={staffRoles}
        roleFilter={{ label: t('console.staff.role'), allText: t('console.staff.allRoles') }}
        caption={t('route.manage.consoleStaff')}
        emptyText={t('console.staff.empty')}
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!staffRoles.length}
            onClick={() => setGranting(true)}
          >
            {t('console.action.grant')}
          </Button>
        }
      />
      <GrantDialog open={granting} onClose={() => setGranting(false)} roles={staffRoles} subjectTypes={['user']} />
    </Card>
  );
}
