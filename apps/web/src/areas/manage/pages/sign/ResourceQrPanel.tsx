import { PrinterOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, InputNumber, Radio, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useResourcesSignCode } from '../../../../features/checkin/api/findResourcesSignCode.ts';
import { ResourceCodeQr } from '../../../../features/checkin/components/index.ts';
import { useResourcesForPicker } from '../../../../features/occupancy/api/findResourcesAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';

/** A printed code's validity: 1 to 1095 days (the server's bounds); a year by default. */
export const VALID_DAYS_MIN = 1;
export const VALID_DAYS_MAX = 1095;
const VALID_DAYS_DEFAULT = 365;

type Mode = 'print' | 'screen';

interface Values {
  resourcesId?: string;
  mode: Mode;
  validDays?: number | null;
}

/** A printable code: fetched once for the chosen resource and validity. */
function PrintableCode({ resourcesId, name, validDays }: { resourcesId: string; name: string; validDays: number }) {
  const { t } = useTranslation();
  const code = useResourcesSignCode(resourcesId, validDays);
  if (code.isPending) return <Spin aria-label={t('checkinAdmin.message.loading')} />;
  if (!code.data) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={code.error ? errorText(code.error) : t('checkinAdmin.qr.none')}
        action={
          <Button size="small" onClick={() => void code.refetch()}>
            {t('checkinAdmin.action.retry')}
          </Button>
        }
      />
    );
  }
  return (
    <div className="yy-signer-qr">
      <div className="yy-signer-print">
        <Typography.Title level={3} className="yy-signer-print-title">
          {name}
        </Typography.Title>
        <img src={code.data.qcode_image} alt={t('checkinAdmin.qr.alt', { name })} width={300} height={300} />
        <p className="yy-signer-print-caption">{t('checkinAdmin.qr.caption')}</p>
        <p className="yy-signer-print-expiry">{t('checkinAdmin.qr.validUntil', { time: code.data.expire_time })}</p>
      </div>
      <Space wrap className="yy-signer-qr-actions">
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('checkinAdmin.action.print')}
        </Button>
        <Typography.Link href={code.data.url} target="_blank" rel="noreferrer" copyable={{ text: code.data.url }}>
          {t('checkinAdmin.qr.link')}
        </Typography.Link>
      </Space>
    </div>
  );
}

/**
 * A resource's check-in QR code for its venue: a printable one valid the chosen number of
 * days, or an on-screen one (a screen at the venue) renewed every few minutes. Bookers scan
 * it to check in.
 */
export function ResourceQrPanel() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const resources = useResourcesForPicker();
  const [shown, setShown] = useState<{ resourcesId: string; mode: Mode; validDays: number } | null>(null);
  const resource = shown ? resources.data?.find((r) => r.id === shown.resourcesId) : undefined;
  const name = resource ? pick(resource.resources_name, resource.resources_name_en) : '';
  const mode = Form.useWatch('mode', form) ?? 'print';

  return (
    <div className="yy-signer-desk">
      <Card size="small" className="yy-signer-panel">
        <Form<Values>
          form={form}
          name="resourceQr"
          layout="vertical"
          initialValues={{ mode: 'print', validDays: VALID_DAYS_DEFAULT }}
          onFinish={(v) =>
            setShown({ resourcesId: v.resourcesId!, mode: v.mode, validDays: v.validDays ?? VALID_DAYS_DEFAULT })
          }
        >
          <Form.Item
            name="resourcesId"
            label={t('checkinAdmin.field.resource')}
            rules={[{ required: true, message: t('checkinAdmin.qr.pickResource') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('checkinAdmin.qr.pickResource')}
              loading={resources.isFetching}
              notFoundContent={resources.isFetching ? <Spin size="small" /> : undefined}
              options={(resources.data ?? []).map((r) => ({
                value: r.id,
                label: `${pick(r.resources_name, r.resources_name_en)}${r.resources_number ? ` (${r.resources_number})` : ''}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="mode" label={t('checkinAdmin.qr.mode')}>
            <Radio.Group
              options={[
                { value: 'print', label: t('checkinAdmin.qr.modePrint') },
                { value: 'screen', label: t('checkinAdmin.qr.modeScreen') },
              ]}
            />
          </Form.Item>
          {mode === 'print' ? (
            <Form.Item
              name="validDays"
              label={t('checkinAdmin.qr.validDays')}
              extra={t('checkinAdmin.qr.validDaysHint', { min: VALID_DAYS_MIN, max: VALID_DAYS_MAX })}
              rules={[
                { required: true, message: t('checkinAdmin.qr.validDaysRequired') },
                {
                  type: 'integer',
                  min: VALID_DAYS_MIN,
                  max: VALID_DAYS_MAX,
                  message: t('checkinAdmin.qr.validDaysRange', { min: VALID_DAYS_MIN, max: VALID_DAYS_MAX }),
                },
              ]}
            >
              <InputNumber precision={0} style={{ width: 160 }} suffix={t('checkinAdmin.qr.days')} />
            </Form.Item>
          ) : (
            <Typography.Paragraph type="secondary">{t('checkinAdmin.qr.screenHint')}</Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" icon={<QrcodeOutlined />}>
            {t('checkinAdmin.action.generate')}
          </Button>
        </Form>
      </Card>
      <Card size="small" className="yy-signer-panel" title={t('checkinAdmin.qr.previewTitle')}>
        {!shown ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('checkinAdmin.qr.empty')} />
        ) : shown.mode === 'print' ? (
          <PrintableCode
            key={`${shown.resourcesId}-${shown.validDays}`}
            resourcesId={shown.resourcesId}
            name={name}
            validDays={shown.validDays}
          />
        ) : (
          <div className="yy-signer-qr">
            <ResourceCodeQr key={shown.resourcesId} resourcesId={shown.resourcesId} name={name} />
          </div>
        )}
      </Card>
    </div>
  );
}
