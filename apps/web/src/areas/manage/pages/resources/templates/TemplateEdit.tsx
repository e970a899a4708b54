import { Alert, App, Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useResourcesRuleTemplate } from '../../../../../features/rules/api/findResourcesRuleTemplate.ts';
import { useSaveResourcesRuleTemplate } from '../../../../../features/rules/api/saveResourcesRuleTemplate.ts';
import { useUpdateResourcesRuleTemplate } from '../../../../../features/rules/api/updateResourcesRuleTemplate.ts';
import { ruleFormOf, ruleInputOf, type RuleFormValues } from '../../../../../features/rules/form.ts';
import { ruleIssues, type RuleIssue } from '../../../../../features/rules/validation.ts';
import { errorText } from '../../../operation-result.ts';
import { applyRuleIssues } from '../rules/applyRuleIssues.ts';
import { RuleFields } from '../rules/RuleFields.tsx';
import { TEMPLATE_LIST_PATH } from './paths.ts';
import '../resources.css';
import { RecordState } from '../../../components/RecordState.tsx';

interface Values extends RuleFormValues {
  template_name: string;
  template_name_en: string;
  remark: string;
}

/**
 * Adds (`resources-rule-template-add`) or edits (`resources-rule-template/{id}`) a rule
 * template: its names and the booking rules every resource using it follows.
 */
export default function TemplateEdit() {
  const { id } = useParams();
  const isNew = !id;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const found = useResourcesRuleTemplate(id);
  const save = useSaveResourcesRuleTemplate();
  const update = useUpdateResourcesRuleTemplate();
  const [form] = Form.useForm<Values>();
  const [issues, setIssues] = useState<RuleIssue[]>([]);

  if (!isNew && !found.data) return <RecordState query={found} notFound={t('resources.template.notFound')} />;
  const tpl = found.data;
  const initial: Values = {
    ...ruleFormOf(tpl),
    template_name: tpl?.template_name ?? '',
    template_name_en: tpl?.template_name_en ?? '',
    remark: tpl?.remark ?? '',
  };

  const submit = async () => {
    const values = form.getFieldsValue(true) as Values;
    const problems = ruleIssues(values);
    setIssues(problems);
    const first = applyRuleIssues(form, problems, t);
    if (first) {
      void message.error(first);
      return;
    }
    const model = {
      template_name: values.template_name.trim(),
      template_name_en: (values.template_name_en ?? '').trim(),
      remark: (values.remark ?? '').trim(),
      ...ruleInputOf(values),
    };
    try {
      if (isNew) await save.mutateAsync(model);
      else await update.mutateAsync({ ...model, id });
      void message.success(t('resources.message.saved'));
      navigate(TEMPLATE_LIST_PATH);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const required = (field: string) => ({ required: true, whitespace: true, message: t('common.required', { field }) });

  return (
    <Card
      className="yy-resource-page"
      title={isNew ? t('route.manage.resourcesRuleTemplateAdd') : t('route.manage.resourcesRuleTemplateEdit')}
    >
      {tpl && tpl.resourcesCount > 0 ? (
        <Alert
          type="info"
          showIcon
          className="yy-resource-alert"
          title={t('resources.template.usedBy', { count: tpl.resourcesCount })}
        />
      ) : null}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        key={id ?? 'new'}
        onFinish={() => void submit()}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.errors[0];
          if (first) void message.error(first);
        }}
        scrollToFirstError
      >
        <Space wrap size="large" align="start" className="yy-resource-names">
          <Form.Item
            name="template_name"
            label={t('resources.template.name')}
            rules={[required(t('resources.template.name')), { max: 100 }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="template_name_en" label={t('resources.template.nameEn')} rules={[{ max: 200 }]}>
            <Input maxLength={200} />
          </Form.Item>
        </Space>
        <Form.Item name="remark" label={t('resources.template.remark')} rules={[{ max: 1000 }]}>
          <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <RuleFields issues={issues} />
        <Space className="yy-resource-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending || update.isPending}>
            {t('common.save')}
          </Button>
          <Button htmlType="button" onClick={() => navigate(TEMPLATE_LIST_PATH)}>
            {t('resources.action.back')}
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
