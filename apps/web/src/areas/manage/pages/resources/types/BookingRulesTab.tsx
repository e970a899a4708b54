import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { NUMBER_LIMIT_RULES } from '../../../../../features/resource-types/api/types.ts';
import type { ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import { FlagSwitch } from './FlagSwitch.tsx';
import { NumberLimitRuleList } from './NumberLimitRuleList.tsx';
import { useTypeFormRules } from './typeFormRules.ts';

/**
 * Booking rules: the modes offered (normal, periodic, batch), the default state, remarks and
 * meetings; the number limit (with its period when by period) and the open-bookings limit; the
 * further limit rules; captcha and frequency checks.
 */
export function BookingRulesTab({ form }: { form: FormInstance<ResourcesTypeFormValues> }) {
  const { t } = useTranslation();
  const { label, required, requiredNumber, notBefore } = useTypeFormRules(form);
  const limitOn = Form.useWatch('is_appointment_number_limit', form) === '1';
  const limitRule = Form.useWatch('appointment_number_rule', form);
  const incompleteOn = Form.useWatch('is_incomplete_appointment_number_limit', form) === '1';
  return (
    <>
      <Row gutter={16}>
        {(
          [
            ['common_enable', 'commonEnable'],
            ['cyclicity_enable', 'cyclicityEnable'],
            ['batch_enable', 'batchEnable'],
          ] as const
        ).map(([name, key]) => (
          <Col xs={8} key={name}>
            <Form.Item name={name} label={label(key)}>
              <FlagSwitch />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="default_appointment_state" label={label('defaultAppointmentState')}>
            <Radio.Group options={['0', '1'].map((v) => ({ value: v, label: t(`resourceTypes.defaultState.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="can_appointment_remark" label={label('canAppointmentRemark')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="wemeet_enable" label={label('wemeetEnable')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('resourceTypes.section.numberLimit')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="is_appointment_number_limit" label={label('isAppointmentNumberLimit')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        {limitOn && (
          <>
            <Col xs={12} md={8}>
              <Form.Item
                name="appointment_number_rule"
                label={label('appointmentNumberRule')}
                rules={[required('appointmentNumberRule')]}
              >
                <Select
                  options={NUMBER_LIMIT_RULES.map((r) => ({ value: r, label: t(`resourceTypes.numberRule.${r}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                name="appointment_number_limit"
                label={label('appointmentNumberLimit')}
                rules={[requiredNumber('appointmentNumberLimit')]}
              >
                <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            {limitRule === '4' && (
              <>
                <Col xs={12} md={8} offset={0}>
                  <Form.Item
                    name="timeperiod_number_begin_date"
                    label={label('periodBegin')}
                    rules={[required('periodBegin')]}
                  >
                    <Input type="date" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item
                    name="timeperiod_number_end_date"
                    label={label('periodEnd')}
                    dependencies={['timeperiod_number_begin_date']}
                    rules={[required('periodEnd'), notBefore('timeperiod_number_begin_date')]}
                  >
                    <Input type="date" />
                  </Form.Item>
                </Col>
              </>
            )}
          </>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="is_incomplete_appointment_number_limit" label={label('isIncompleteLimit')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        {incompleteOn && (
          <Col xs={12} md={8}>
            <Form.Item
              name="incomplete_appointment_number_limit"
              label={label('incompleteLimit')}
              rules={[requiredNumber('incompleteLimit')]}
            >
              <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Divider titlePlacement="start">{t('resourceTypes.section.numberLimitRules')}</Divider>
      <NumberLimitRuleList form={form} />
      <Divider titlePlacement="start">{t('resourceTypes.section.verify')}</Divider>
      <Row gutter={16}>
        <Col xs={12} md={8}>
          <Form.Item name="open_captcha_verify" label={label('openCaptchaVerify')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="open_frequency_verify" label={label('openFrequencyVerify')}>
            <FlagSwitch />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
