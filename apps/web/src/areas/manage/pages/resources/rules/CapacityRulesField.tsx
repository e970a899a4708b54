import { Button, Checkbox, Form, Input, InputNumber, Radio, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { newCapacityRule, type CapacityRuleForm } from '../../../../../features/rules/capacityRules.ts';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'];

type NamePath = (string | number)[];

interface RowProps {
  /** The list's name path in the form. */
  list: NamePath;
  name: number;
  index: number;
  onRemove: () => void;
}

/** One capacity rule's fields; which date/time fields show depends on its modes. */
function CapacityRuleRow({ list, name, index, onRemove }: RowProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const row = (Form.useWatch([...list, name], form) as CapacityRuleForm | undefined) ?? newCapacityRule();
  const weekdayOptions = WEEKDAYS.map((d) => ({ value: d, label: t(`resources.weekday.${d}`) }));
  return (
    <div className="yy-rule-card" data-testid="capacity-rule">
      <Space align="start" wrap>
        <Form.Item name={[name, 'date_rule']} label={t('resources.capacity.dateRule')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: '1', label: t('resources.capacity.dateRule1') },
              { value: '2', label: t('resources.capacity.dateRule2') },
            ]}
          />
        </Form.Item>
        {row.date_rule === '2' ? (
          <Form.Item name={[name, 'weeks']} label={t('resources.capacity.weeks')} required>
            <Checkbox.Group className="yy-rule-checks" options={weekdayOptions} />
          </Form.Item>
        ) : (
          <>
            <Form.Item name={[name, 'start_date']} label={t('resources.rules.startDate')} required>
              <Input type="date" className="yy-date-input" />
            </Form.Item>
            <Form.Item name={[name, 'end_date']} label={t('resources.rules.endDate')} required>
              <Input type="date" className="yy-date-input" />
            </Form.Item>
          </>
        )}
      </Space>
      <Space align="start" wrap>
        <Form.Item name={[name, 'time_slot_rule']} label={t('resources.capacity.timeRule')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: '0', label: t('resources.capacity.timeRule0') },
              { value: '1', label: t('resources.capacity.timeRule1') },
            ]}
          />
        </Form.Item>
        {row.time_slot_rule === '1' ? (
          <>
            <Form.Item name={[name, 'start_time']} label={t('resources.rules.startTime')} required>
              <Input type="time" className="yy-time-input" />
            </Form.Item>
            <Form.Item name={[name, 'end_time']} label={t('resources.rules.endTime')} required>
              <Input type="time" className="yy-time-input" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name={[name, 'available_number']} label={t('resources.capacity.number')} required>
          <InputNumber min={0} max={100000} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Button
          icon={<DeleteOutlined />}
          className="yy-rule-remove"
          aria-label={t('resources.capacity.remove', { n: index + 1 })}
          onClick={onRemove}
        />
      </Space>
    </div>
  );
}

/**
 * Capacity rules (resourcesAvailableNumberRuleList) as an editable list, at `prefix` +
 * `capacityRules` in the form: of a resource's own rules and of rule templates alike (the
 * rule editor puts it under its section title).
 */
export function CapacityRulesField({ prefix = [] }: { prefix?: NamePath }) {
  const { t } = useTranslation();
  const list = [...prefix, 'capacityRules'];
  return (
    <Form.List name={list}>
      {(fields, { add, remove }) => (
        <div className="yy-rule-list" data-testid="capacity-rules">
          <Typography.Text type="secondary" className="yy-rule-hint">
            {t('resources.capacity.hint')}
          </Typography.Text>
          {fields.map((field, index) => (
            <CapacityRuleRow
              key={field.key}
              list={list}
              name={field.name}
              index={index}
              onRemove={() => remove(field.name)}
            />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(newCapacityRule())}>
            {t('resources.capacity.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
