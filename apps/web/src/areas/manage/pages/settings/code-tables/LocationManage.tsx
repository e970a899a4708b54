import { Alert, App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_ADDRESS_MAX } from '@yuyue/shared';
import { useDeleteLocation } from '../../../../../features/code-tables/api/deleteLocation.ts';
import { useFindCodeItemsAll } from '../../../../../features/code-tables/api/findCodeItemsAll.ts';
import { useFindLocationsAll } from '../../../../../features/code-tables/api/findLocationsAll.ts';
import { useSaveLocation } from '../../../../../features/code-tables/api/saveLocation.ts';
import type { CodeItem, CodeLocation } from '../../../../../features/code-tables/api/types.ts';
import { buildItemTree, isRootItem } from '../../../../../features/code-tables/tree.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../../operation-result.ts';
import { useActionsFixed } from './useActionsFixed.ts';
import './code-tables.css';

/** The code table whose items are buildings (its roots group them by campus). */
const BUILDING_TABLE = 'yy_building';

type Row = CodeItem & { location?: CodeLocation; children?: Row[] };

interface FormValues {
  latitude: number | null;
  longitude: number | null;
  address?: string;
  address_en?: string;
}

/** `/manage/settings/location-manage`: buildings (items of yy_building) with their coordinates. */
export default function LocationManage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const items = useFindCodeItemsAll({ code: BUILDING_TABLE });
  const actionsFixed = useActionsFixed();
  const locations = useFindLocationsAll(BUILDING_TABLE);
  const remove = useDeleteLocation();
  const [editing, setEditing] = useState<Row | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);

  const rows = useMemo(() => {
    const byItem = new Map((locations.data ?? []).map((l) => [l.code_item_id, l]));
    const own = (items.data ?? []).filter((i) => i.code === BUILDING_TABLE);
    return buildItemTree(own.map((i) => ({ ...i, location: byItem.get(i.id) }))) as Row[];
  }, [items.data, locations.data]);
  const allKeys = useMemo(() => (items.data ?? []).map((i) => i.id), [items.data]);
  const names = useMemo(() => new Map((items.data ?? []).map((i) => [i.item_code, i])), [items.data]);

  const clear = async (location: CodeLocation) => {
    try {
      ensureOk(await remove.mutateAsync(location.id));
      void message.success(t('codeTables.deleted'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: DataTableColumn<Row>[] = [
    {
      key: 'building',
      title: t('codeTables.building'),
      width: 220,
      render: (_, r) => (
        <span>
          {pick(r.item_name, r.item_name_en)} <Typography.Text type="secondary">({r.item_code})</Typography.Text>
        </span>
      ),
    },
    {
      key: 'campus',
      title: t('codeTables.campus'),
      width: 140,
      render: (_, r) => {
        if (isRootItem(r)) return '-';
        const parent = names.get(r.item_parent);
        return parent ? pick(parent.item_name, parent.item_name_en) : r.item_parent;
      },
    },
    {
      key: 'coordinates',
      title: t('codeTables.coordinates'),
      width: 240,
      render: (_, r) =>
        r.location ? (
          <a
            href={`https://www.openstreetmap.org/?mlat=${r.location.latitude}&mlon=${r.location.longitude}#map=17/${r.location.latitude}/${r.location.longitude}`}
            target="_blank"
            rel="noreferrer noopener"
            title={t('codeTables.openMap')}
          >
            <span className="yy-nowrap">
              <EnvironmentOutlined /> {r.location.latitude.toFixed(6)}, {r.location.longitude.toFixed(6)}
            </span>
          </a>
        ) : (
          <Tag>{t('codeTables.notSet')}</Tag>
        ),
    },
    {
      key: 'address',
      title: t('codeTables.address'),
      render: (_, r) => (r.location ? pick(r.location.address, r.location.address_en) : ''),
    },
    {
      key: 'actions',
      title: t('codeTables.actions'),
      width: 250,
      fixed: actionsFixed,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {r.location ? t('codeTables.editLocation') : t('codeTables.setLocation')}
          </Button>
          {r.location ? (
            <Popconfirm
              title={t('codeTables.clearLocationConfirm', { name: pick(r.item_name, r.item_name_en) })}
              okText={t('codeTables.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => clear(r.location!)}
            >
              <Button type="link" size="small" danger>
                {t('codeTables.clearLocation')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  const noTable = items.isSuccess && !(items.data ?? []).some((i) => i.code === BUILDING_TABLE);
  return (
    <Card title={t('route.manage.settingsLocationManage')}>
      {noTable ? <Alert type="info" showIcon title={t('codeTables.noBuildingTable')} /> : null}
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={items.isFetching || locations.isFetching}
        error={items.error ?? locations.error}
        onRetry={() => {
          if (items.error) void items.refetch();
          if (locations.error) void locations.refetch();
        }}
        pagination={false}
        showIndex={false}
        scroll={{ x: 960 }}
        expandable={{ expandedRowKeys: expanded ?? allKeys, onExpandedRowsChange: setExpanded }}
      />
      <LocationFormModal row={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function LocationFormModal({ row, onClose }: { row: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveLocation();

  useEffect(() => {
    if (!row) return;
    form.resetFields();
    if (row.location) form.setFieldsValue(row.location);
  }, [row, form]);

  const submit = async (values: FormValues) => {
    if (!row) return;
    try {
      ensureOk(
        await save.mutateAsync({
          code_item_id: row.id,
          latitude: values.latitude!,
          longitude: values.longitude!,
          address: values.address?.trim() ?? '',
          address_en: values.address_en?.trim() ?? '',
        }),
      );
      void message.success(t('codeTables.saved'));
      onClose();
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const coordinate = (field: 'latitude' | 'longitude', limit: number, rangeKey: string) => [
    { required: true, message: t('common.required', { field: t(`codeTables.${field}`) }) },
    { type: 'number' as const, min: -limit, max: limit, message: t(rangeKey) },
  ];
  const tooLong = (field: string) => ({
    max: LOCATION_ADDRESS_MAX,
    message: t('codeTables.tooLong', { field: t(field), max: LOCATION_ADDRESS_MAX }),
  });

  return (
    <Modal
      open={row !== null}
      title={row ? `${t('codeTables.editLocation')}: ${pick(row.item_name, row.item_name_en)}` : ''}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={submit}>
        <Space wrap size={16} align="start">
          <Form.Item
            name="latitude"
            label={t('codeTables.latitude')}
            rules={coordinate('latitude', 90, 'codeTables.latitudeRange')}
          >
            <InputNumber step={0.000001} precision={6} style={{ width: 180 }} placeholder="39.998800" />
          </Form.Item>
          <Form.Item
            name="longitude"
            label={t('codeTables.longitude')}
            rules={coordinate('longitude', 180, 'codeTables.longitudeRange')}
          >
            <InputNumber step={0.000001} precision={6} style={{ width: 180 }} placeholder="116.316500" />
          </Form.Item>
        </Space>
        <Form.Item name="address" label={t('codeTables.address')} rules={[tooLong('codeTables.address')]}>
          <Input maxLength={LOCATION_ADDRESS_MAX} />
        </Form.Item>
        <Form.Item name="address_en" label={t('codeTables.addressEn')} rules={[tooLong('codeTables.addressEn')]}>
          <Input maxLength={LOCATION_ADDRESS_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
