import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isClockTime, type ResourcesTypeFormValues } from '../../../../../features/resource-types/typeForm.ts';

/**
 * The resource type form's labels and validation rules ('cannot be empty' style, clock times,
 * an end after its start, a period's end not before its begin), shared by its tabs.
 */
export function useTypeFormRules(form: FormInstance<ResourcesTypeFormValues>) {
  const { t } = useTranslation();
  const label = (key: string) => t(`resourceTypes.field.${key}`);
  const required = (key: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('resourceTypes.message.required', { field: label(key) }),
  });
  const requiredNumber = (key: string): Rule => ({
    required: true,
    type: 'number',
    message: t('resourceTypes.message.required', { field: label(key) }),
  });
  const clock = (key: string): Rule => ({
    validator: async (_, v: string) => {
      if (v && !isClockTime(v)) throw new Error(t('resourceTypes.message.timeFormat', { field: label(key) }));
    },
  });
  const after = (startField: 'start_time', message: string): Rule => ({
    validator: async (_, v: string) => {
      const start = form.getFieldValue(startField) as string;
      if (v && start && v <= start) throw new Error(message);
    },
  });
  /** A period's end date not before the begin date found at `beginAt`. */
  const notBefore = (beginAt: Parameters<FormInstance<ResourcesTypeFormValues>['getFieldValue']>[0]): Rule => ({
    validator: async (_, v: string) => {
      const b = form.getFieldValue(beginAt) as string;
      if (v && b && v < b) throw new Error(t('resourceTypes.message.dateOrder'));
    },
  });
  return { label, required, requiredNumber, clock, after, notBefore };
}
