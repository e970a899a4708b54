import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Form, Input, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorCars } from '../../../../../features/visitors-admin/records/findVisitorCarList.ts';
import {
  compactFilter,
  type VisitorCar,
  type VisitorCarFilter,
} from '../../../../../features/visitors-admin/records/types.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/index.ts';
import { SearchButtons, usePaging } from '../../sign/listParts.tsx';
import { OK_TAG, dayRange, useAreaOptions, useSheetDownload } from './parts.tsx';
import './records.css';

interface Search {
  range?: [Dayjs | null, Dayjs | null] | null;
  area?: string;
  plate?: string;
}

export function carFilterOf(s: Search): VisitorCarFilter {
  return compactFilter({
    in_school_date: dayRange(s.range),
    in_school_area: { eq: s.area },
    car_card_number: { like: s.plate?.trim() },
  });
}

/**
 * Visitors' cars (`/manage/visitorManagement/visitorCars`): the plates of approved visits by
 * date range, area and plate, for the gate's car list; export.
 */
export default function VisitorCars() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Search>();
  const [search, setSearch] = useState<Search>({});
  const paging = usePaging();
  const areas = useAreaOptions();
  const filter = carFilterOf(search);
  const list = useVisitorCars({ ...paging.range, filter });
  const sheet = useSheetDownload();

  const find = (values: Search) => {
    setSearch(values);
    paging.firstPage();
  };

  const columns: DataTableColumn<VisitorCar>[] = [
    { key: 'in_school_date', title: t('visitorsRecords.cars.date'), dataIndex: 'in_school_date', width: 120 },
    {
      key: 'plate',
      title: t('visitorsRecords.cars.plate'),
      width: 130,
      render: (_, c) => <strong>{c.car_card_number || '—'}</strong>,
    },
    { key: 'car_product', title: t('visitorsRecords.field.car_product'), dataIndex: 'car_product', width: 120 },
    { key: 'visitor', title: t('visitorsRecords.cars.visitor'), dataIndex: 'visitor_name', width: 120 },
    { key: 'phone', title: t('visitorsRecords.field.phone'), dataIndex: 'phone', width: 130 },
    {
      key: 'area',
      title: t('visitorsRecords.cars.area'),
      width: 220,
      ellipsis: true,
      render: (_, c) => pick(c.in_school_area_name, c.in_school_area_name_en),
    },
    { key: 'host', title: t('visitorsRecords.cars.host'), dataIndex: 'accept_visit_name', width: 120 },
    {
      key: 'state',
      title: t('visitorsRecords.cars.state'),
      width: 120,
      render: (_, c) => <Tag style={c.state === 2 ? OK_TAG : undefined}>{pick(c.state_name, c.state_name_en)}</Tag>,
    },
  ];

  return (
    <Card title={t('route.manage.visitorCars')} className="yy-vrec">
      <Form<Search> form={form} name="visitorCarSearch" layout="inline" className="yy-vrec-filters" onFinish={find}>
        <Form.Item name="range" label={t('visitorsRecords.cars.date')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            format="YYYY-MM-DD"
            style={{ width: 250 }}
            placeholder={[t('visitorsRecords.common.start'), t('visitorsRecords.common.end')]}
          />
        </Form.Item>
        <Form.Item name="area" label={t('visitorsRecords.cars.area')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            placeholder={t('visitorsRecords.common.all')}
            loading={areas.loading}
            options={areas.options}
          />
        </Form.Item>
        <Form.Item name="plate" label={t('visitorsRecords.cars.plate')}>
          <Input
            allowClear
            maxLength={20}
            style={{ width: 170 }}
            placeholder={t('visitorsRecords.cars.platePlaceholder')}
          />
        </Form.Item>
        <SearchButtons
          searchText={t('visitorsRecords.common.search')}
          resetText={t('visitorsRecords.common.reset')}
          onReset={() => {
            form.resetFields();
            find({});
          }}
        />
      </Form>
      <DataTable<VisitorCar>
        rowKey="id"
        columns={columns}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('visitorsRecords.common.empty') }}
        toolbar={
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              loading={sheet.pending}
              onClick={() => sheet.start({ sheet: 'cars', filter })}
            >
              {t('visitorsRecords.common.export')}
            </Button>
          </Space>
        }
        pagination={paging.pagination(list.data?.totalCount, (total) => t('visitorsRecords.common.total', { total }))}
      />
    </Card>
  );
}
