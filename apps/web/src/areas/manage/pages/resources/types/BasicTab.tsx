import { Col, Form, Input, InputNumber, Radio, Row, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import { ImageUploadField } from '../../settings/ImageUploadField.tsx';
import { FlagSwitch } from './FlagSwitch.tsx';
import { useTypeFormRules } from './typeFormRules.ts';

/** The type's basics: names and tags (zh/en), icons, state, order, opening hours and holding time, category and modes. */
export function BasicTab({ form }: { form: FormInstance<ResourcesTypeFormValues> }) {
  const { t } = useTranslation();
  const { label, required, requiredNumber, clock, after } = useTypeFormRules(form);
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="resources_name" label={label('name')} rules={[required('name')]}>
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="resources_name_en" label={label('nameEn')}>
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="resources_tag" label={label('tag')}>
            <Input maxLength={100} placeholder={t('resourceTypes.placeholder.tag')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="resources_tag_en" label={label('tagEn')}>
            <Input maxLength={200} placeholder={t('resourceTypes.placeholder.tagEn')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="icon" label={label('icon')}>
            <ImageUploadField label={label('icon')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="icon_not" label={label('iconNot')}>
            <ImageUploadField label={label('iconNot')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="state" label={label('state')} rules={[requiredNumber('state')]}>
            <Radio.Group
              options={[
                { value: 1, label: t('resourceTypes.state.1') },
                { value: 0, label: t('resourceTypes.state.0') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="order" label={label('order')} rules={[requiredNumber('order')]}>
            <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="can_location" label={label('canLocation')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="start_time" label={label('startTime')} rules={[clock('startTime')]}>
            <Input type="time" placeholder={t('resourceTypes.placeholder.time')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name="end_time"
            label={label('endTime')}
            dependencies={['start_time']}
            rules={[clock('endTime'), after('start_time', t('resourceTypes.message.endAfterStart'))]}
          >
            <Input type="time" placeholder={t('resourceTypes.placeholder.time')} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="holding_minutes" label={label('holdingMinutes')}>
            <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="appointment_category" label={label('appointmentCategory')}>
            <Input maxLength={40} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="resource_open_mode" label={label('resourceOpenMode')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="capacity_field_type" label={label('capacityFieldType')}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
