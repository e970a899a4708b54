import { Alert, App, Button, Card, Form, InputNumber, Skeleton, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBlackSettings } from '../../../../features/blacklist/api/findBlackSettings.ts';
import { useSaveBlackSettings } from '../../../../features/blacklist/api/saveBlackSettings.ts';
import { BLACK_RULE_LIMITS, ruleNumberProblem, type BlackRuleField } from '../../../../features/blacklist/rules.ts';
import { errorText } from '../../operation-result.ts';
import './black.css';

interface Values {
  is_enable: boolean;
  no_show_times: number | null;
  no_show_days: number | null;
  ban_days: number | null;
}

/**
 * The black-settings rule (`/manage/black/black-settings`): when on, N no-shows within M days
 * ban the user from booking for D days. Every number is a whole number within the server's
 * bounds; the saved rule applies to no-shows marked from then on.
 */
export default function BlackSettings() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const settings = useBlackSettings();
  const save = useSaveBlackSettings();
  const s = settings.data;
  const watched = Form.useWatch([], form) as Values | undefined;

  const initial: Values | null = s
    ? {
        is_enable: s.is_enable === '1',
        no_show_times: s.no_show_times,
        no_show_days: s.no_show_days,
        ban_days: s.ban_days,
      }
    : null;

  const numberRule = (field: BlackRuleField, label: string) => ({
    validator: (_: unknown, value: unknown) => {
      const problem = ruleNumberProblem(field, value);
      if (!problem) return Promise.resolve();
      const [min, max] = BLACK_RULE_LIMITS[field];
      return Promise.reject(new Error(t(`blacklist.settings.${problem}`, { field: label, min, max })));
    },
  });

  const submit = async (v: Values) => {
    try {
      await save.mutateAsync({
        is_enable: v.is_enable ? '1' : '0',
        no_show_times: v.no_show_times!,
        no_show_days: v.no_show_days!,
        ban_days: v.ban_days!,
      });
      void message.success(t('blacklist.settings.saved'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const field = (name: BlackRuleField, label: string, unit: string) => {
    const [min, max] = BLACK_RULE_LIMITS[name];
    return (
      <Form.Item name={name} label={label} rules={[numberRule(name, label)]}>
        <InputNumber step={1} suffix={unit} style={{ width: 150 }} aria-label={label} placeholder={`${min}-${max}`} />
      </Form.Item>
    );
  };

  const valid =
    watched &&
    (['no_show_times', 'no_show_days', 'ban_days'] as const).every((k) => ruleNumberProblem(k, watched[k]) === null);

  return (
    <Card title={t('route.manage.blackSettings')} className="yy-black-settings">
      {settings.isPending ? (
        <Skeleton active />
      ) : settings.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorText(settings.error)}
          action={
            <Button size="small" onClick={() => void settings.refetch()}>
              {t('blacklist.action.retry')}
            </Button>
          }
        />
      ) : (
        <Form<Values>
          key={`${s?.id}-${s?.update_time}`}
          form={form}
          layout="vertical"
          name="blackSettings"
          initialValues={initial ?? undefined}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item
            name="is_enable"
            label={t('blacklist.settings.enable')}
            valuePropName="checked"
            extra={t('blacklist.settings.enableHint')}
          >
            <Switch checkedChildren={t('blacklist.settings.on')} unCheckedChildren={t('blacklist.settings.off')} />
          </Form.Item>
          <div className="yy-black-rule">
            {field('no_show_days', t('blacklist.settings.days'), t('blacklist.unit.days'))}
            {field('no_show_times', t('blacklist.settings.times'), t('blacklist.unit.times'))}
            {field('ban_days', t('blacklist.settings.banDays'), t('blacklist.unit.days'))}
          </div>
          <Alert
            className="yy-black-summary"
            type={watched?.is_enable ? 'info' : 'warning'}
            showIcon
            title={
              !watched?.is_enable
                ? t('blacklist.settings.summaryOff')
                : valid
                  ? t('blacklist.settings.summary', {
                      days: watched.no_show_days,
                      times: watched.no_show_times,
                      ban: watched.ban_days,
                    })
                  : t('blacklist.settings.summaryInvalid')
            }
            description={t('blacklist.settings.appliesHint')}
          />
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('blacklist.action.save')}
            </Button>
            <Button htmlType="button" onClick={() => form.resetFields()}>
              {t('blacklist.action.reset')}
            </Button>
            <Typography.Text type="secondary">
              {s?.id
                ? t('blacklist.settings.updated', { user: s.update_user_name || s.update_user, time: s.update_time })
                : t('blacklist.settings.defaultRule')}
            </Typography.Text>
          </Space>
        </Form>
      )}
    </Card>
  );
}
