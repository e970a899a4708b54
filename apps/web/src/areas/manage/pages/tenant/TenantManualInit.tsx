import { Alert, Button, Card, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../../app/session.tsx';
import { useManualInitTenantsData } from '../../../../features/tenants/api/manualInitTenantsData.ts';
import { pickMessages } from '../../../../lib/operation-result.ts';
import { AntdShell } from '../../../pc/AntdShell.tsx';
import '../../manage.css';

/** /tenant/manualInit: adds whatever default data the tenant lacks, keeping its own. */
export default function TenantManualInit() {
  const { t } = useTranslation();
  const session = useSession();
  const run = useManualInitTenantsData();
  const result = run.data;

  return (
    <AntdShell themeColor={session.settings.theme_color}>
      <main className="yy-tenant-page">
        <Card title={t('tenant.manualTitle')} className="yy-tenant-card">
          {result?.code === '0' ? (
            <Result
              status="success"
              title={t('tenant.initDone')}
              subTitle={pickMessages(result)}
              extra={
                <Link to="/">
                  <Button type="primary">{t('common.backHome')}</Button>
                </Link>
              }
            />
          ) : session.permission !== 'admin' ? (
            <Alert type="warning" showIcon title={t('tenant.adminOnly')} />
          ) : (
            <>
              <Typography.Paragraph type="secondary">{t('tenant.manualIntro')}</Typography.Paragraph>
              {result && <Alert type="error" showIcon title={pickMessages(result)} className="yy-tenant-alert" />}
              {run.error && <Alert type="error" showIcon title={run.error.message} className="yy-tenant-alert" />}
              <Button type="primary" block loading={run.isPending} onClick={() => run.mutate()}>
                {t('tenant.manualRun')}
              </Button>
            </>
          )}
        </Card>
      </main>
    </AntdShell>
  );
}
