import { Checkbox, Form, Input, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import type { ResourceFormValues } from '../../../../../features/resources/form.ts';
import { preauditIssue } from '../../../../../features/resources/settings.ts';
import { FlagSwitch } from '../rules/RuleFields.tsx';
import { DirectoryIdPicker } from './GrantPicker.tsx';

const TEXT_MAX = 1000;

/**
 * Pre-audit: with it on, a booking is checked before it takes effect, at the pre-audit page
 * (URL) and/or by holders of the post in the department; one of them is needed.
 */
export function PreauditFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ResourceFormValues>();
  const on = Form.useWatch(['ownConfig', 'preaudit_enable'], form) === '1';
  const urlRules: Rule[] = [
    {
      validator: () => {
        const issue = preauditIssue(form.getFieldValue('ownConfig') as ResourceFormValues['ownConfig']);
        return issue ? Promise.reject(new Error(t(`resources.preaudit.${issue}`))) : Promise.resolve();
      },
    },
  ];
  return (
    <div className="yy-resource-section" data-testid="preaudit">
      <Typography.Title level={5}>{t('resources.preaudit.title')}</Typography.Title>
      <Form.Item
        name={['ownConfig', 'preaudit_enable']}
        label={t('resources.preaudit.enable')}
        extra={t('resources.preaudit.hint')}
      >
        <FlagSwitch ariaLabel={t('resources.preaudit.enable')} />
      </Form.Item>
      {on ? (
        <div className="yy-rule-card">
          <Form.Item
            name={['ownConfig', 'preaudit_url']}
            label={t('resources.preaudit.url')}
            extra={t('resources.preaudit.urlHint')}
            rules={urlRules}
            dependencies={[
              ['ownConfig', 'preaudit_dept'],
              ['ownConfig', 'preaudit_post'],
            ]}
            className="yy-resource-names"
          >
            <Input maxLength={2000} placeholder="https://" />
          </Form.Item>
          <Space wrap size="large" align="start">
            <Form.Item
              name={['ownConfig', 'preaudit_dept']}
              label={t('resources.preaudit.dept')}
              className="yy-resource-picker"
            >
              <DirectoryIdPicker type="dept" ariaLabel={t('resources.preaudit.dept')} />
            </Form.Item>
            <Form.Item
              name={['ownConfig', 'preaudit_post']}
              label={t('resources.preaudit.post')}
              className="yy-resource-picker"
            >
              <DirectoryIdPicker type="post" ariaLabel={t('resources.preaudit.post')} />
            </Form.Item>
          </Space>
          <Form.Item
            name={['ownConfig', 'preaudit_description']}
            label={t('resources.preaudit.description')}
            rules={[{ max: 2000 }]}
          >
            <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 4 }} />
          </Form.Item>
        </div>
      ) : null}
    </div>
  );
}

/** A notification text: at most 1000 characters (placeholders are explained once, above). */
function NoticeText({ name, label }: { name: keyof ResourceFormValues; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[{ max: TEXT_MAX, message: t('resources.notify.tooLong', { max: TEXT_MAX }) }]}
      className="yy-resource-text"
    >
      <Input.TextArea maxLength={TEXT_MAX} autoSize={{ minRows: 2, maxRows: 5 }} aria-label={label} />
    </Form.Item>
  );
}

/**
 * Notifications of the resource's bookings (sent in-app, and by e-mail when ticked): on a
 * successful booking to the booker, on a cancellation to the booker and/or the resource's
 * administrators, each with an optional text. Sign-in notices are a booking rule.
 */
export function NotificationFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ResourceFormValues>();
  const on = Form.useWatch('is_notification_push', form) === '1';
  const success = Form.useWatch('success_notification_push', form) === '1';
  const cancel = Form.useWatch('cancel_notification_push', form) === '1';
  const toBooker = Form.useWatch('cancelToBooker', form) === '1';
  const toAdmins = Form.useWatch('cancelToAdmins', form) === '1';
  const someone: Rule = {
    validator: () =>
      form.getFieldValue('cancel_notification_push') === '1' &&
      form.getFieldValue('cancelToBooker') !== '1' &&
      form.getFieldValue('cancelToAdmins') !== '1'
        ? Promise.reject(new Error(t('resources.notify.cancelNobody')))
        : Promise.resolve(),
  };
  return (
    <div className="yy-resource-section" data-testid="notifications">
      <Typography.Title level={5}>{t('resources.config.notifications')}</Typography.Title>
      <Form.Item name="is_notification_push" label={t('resources.config.push')} extra={t('resources.notify.hint')}>
        <FlagSwitch ariaLabel={t('resources.config.push')} />
      </Form.Item>
      {on ? (
        <>
          <Form.Item label={t('resources.config.channels')}>
            <Space wrap>
              <Checkbox checked disabled>
                {t('resources.config.channel.inapp')}
              </Checkbox>
              <Form.Item name="notifiy_channels" noStyle>
                <Checkbox.Group options={[{ value: 'email', label: t('resources.config.channel.email') }]} />
              </Form.Item>
            </Space>
          </Form.Item>
          <Typography.Paragraph type="secondary" className="yy-rule-hint">
            {t('resources.notify.placeholders')}
          </Typography.Paragraph>
          <div className="yy-rule-card">
            <Form.Item name="success_notification_push" label={t('resources.config.successPush')}>
              <FlagSwitch ariaLabel={t('resources.config.successPush')} />
            </Form.Item>
            {success ? <NoticeText name="success_notification_rule" label={t('resources.notify.successText')} /> : null}
          </div>
          <div className="yy-rule-card">
            <Form.Item name="cancel_notification_push" label={t('resources.config.cancelPush')}>
              <FlagSwitch ariaLabel={t('resources.config.cancelPush')} />
            </Form.Item>
            {cancel ? (
              <>
                <Space wrap size="large" align="start">
                  <Form.Item
                    name="cancelToBooker"
                    label={t('resources.notify.toBooker')}
                    rules={[someone]}
                    dependencies={['cancelToAdmins']}
                  >
                    <FlagSwitch ariaLabel={t('resources.notify.toBooker')} />
                  </Form.Item>
                  <Form.Item name="cancelToAdmins" label={t('resources.notify.toAdmins')}>
                    <FlagSwitch ariaLabel={t('resources.notify.toAdmins')} />
                  </Form.Item>
                </Space>
                {toBooker ? <NoticeText name="cancelBookerText" label={t('resources.notify.bookerText')} /> : null}
                {toAdmins ? <NoticeText name="cancelAdminText" label={t('resources.notify.adminText')} /> : null}
              </>
            ) : null}
          </div>
          <Typography.Paragraph type="secondary" className="yy-rule-hint">
            {t('resources.notify.signinHint')}
          </Typography.Paragraph>
        </>
      ) : null}
    </div>
  );
}
