import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourceQrPanel } from './ResourceQrPanel.tsx';
import { SignDesk } from './SignDesk.tsx';
import './sign.css';

/**
 * The check-in desk (`/manage/signer`): staff check bookings in and out by their vouchers, and
 * print (or show on a screen) a resource's check-in QR code. `?tab=qr` opens the codes.
 */
export default function Signer() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'qr' ? 'qr' : 'desk';
  return (
    <Card title={t('checkinAdmin.title.desk')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'qr' ? { tab: 'qr' } : {}, { replace: true })}
        items={[
          { key: 'desk', label: t('checkinAdmin.desk.tab'), children: <SignDesk /> },
          { key: 'qr', label: t('checkinAdmin.qr.tab'), children: <ResourceQrPanel /> },
        ]}
      />
    </Card>
  );
}
