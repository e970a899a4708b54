import { Col, Form, InputNumber, Row, type FormInstance } from 'antd';
import type { ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';
import { FlagSwitch } from './FlagSwitch.tsx';
import { useTypeFormRules } from './typeFormRules.ts';

/** Check-in rules: late and early check-in with their minutes (asked only when the rule is on), sign-out. */
export function SigninTab({ form }: { form: FormInstance<ResourcesTypeFormValues> }) {
  const { label, requiredNumber } = useTypeFormRules(form);
  const lateOn = Form.useWatch('punctuality_rule', form) === '1';
  const earlyOn = Form.useWatch('earliest_punctuality_rule', form) === '1';
  return (
    <Row gutter={16}>
      <Col xs={12} md={8}>
        <Form.Item name="punctuality_rule" label={label('punctualityRule')}>
          <FlagSwitch />
        </Form.Item>
      </Col>
      <Col xs={12} md={16}>
        {lateOn && (
          <Form.Item
            name="deviation_minutes"
            label={label('deviationMinutes')}
            rules={[requiredNumber('deviationMinutes')]}
          >
            <InputNumber min={0} max={1440} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="earliest_punctuality_rule" label={label('earliestPunctualityRule')}>
          <FlagSwitch />
        </Form.Item>
      </Col>
      <Col xs={12} md={16}>
        {earlyOn && (
          <Form.Item
            name="earliest_deviation_minutes"
            label={label('earliestDeviationMinutes')}
            rules={[requiredNumber('earliestDeviationMinutes')]}
          >
            <InputNumber min={0} max={1440} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
      </Col>
      <Col xs={12} md={8}>
        <Form.Item name="sign_out_rule" label={label('signOutRule')}>
          <FlagSwitch />
        </Form.Item>
      </Col>
    </Row>
  );
}
