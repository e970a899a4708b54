import { Alert, App, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePardonBlackList } from '../../../../features/blacklist/api/pardonBlackList.ts';
import { MAX_REASON } from '../../../../features/blacklist/rules.ts';
import type { BlackListEntry } from '../../../../features/blacklist/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';

/**
 * Pardons a ban in force: it ends now; the reason (required, at most 500 characters) is kept
 * with the entry. The dialog names the entry, which is its confirmation; a refusal stays in it.
 */
export function PardonDialog({ entry, onClose }: { entry: BlackListEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason?: string }>();
  const [error, setError] = useState<string | null>(null);
  const pardon = usePardonBlackList();
  const label = t('blacklist.field.pardonReason');

  const close = () => {
    setError(null);
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    if (!entry) return;
    const { reason = '' } = await form.validateFields();
    setError(null);
    try {
      await pardon.mutateAsync({ id: entry.id, reason });
      void message.success(t('blacklist.message.pardoned', { account: entry.user_account }));
      close();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Modal
      open={entry !== null}
      title={t('blacklist.pardon.title')}
      okText={t('blacklist.action.pardon')}
      cancelText={t('blacklist.action.cancel')}
      okButtonProps={{ loading: pardon.isPending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      forceRender
    >
      {entry ? (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('blacklist.field.user')}>
            {entry.user_name ? `${entry.user_name} (${entry.user_account})` : entry.user_account}
          </Descriptions.Item>
          <Descriptions.Item label={t('blacklist.field.reason')}>
            {pick(entry.reason, entry.reason_en)}
          </Descriptions.Item>
          <Descriptions.Item label={t('blacklist.field.end')}>{entry.end_time}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" name="blackPardon">
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('blacklist.message.required', { field: label }) },
            { max: MAX_REASON, message: t('blacklist.message.tooLong', { field: label, max: MAX_REASON }) },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={MAX_REASON} placeholder={t('blacklist.pardon.placeholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
