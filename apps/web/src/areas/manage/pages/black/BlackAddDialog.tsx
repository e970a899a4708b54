import { Alert, App, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveBlackList } from '../../../../features/blacklist/api/saveBlackList.ts';
import { useUsersForBlacklist } from '../../../../features/blacklist/api/users.ts';
import { BLACK_RULE_LIMITS, MAX_REASON, banEndFields, type BanEnd } from '../../../../features/blacklist/rules.ts';
import { errorText } from '../../operation-result.ts';

interface Values {
  user_account?: string;
  reason?: string;
  reason_en?: string;
  endKind: 'date' | 'days';
  endDate?: Dayjs | null;
  days?: number | null;
}

const DATE = 'YYYY-MM-DD';
const [DAYS_MIN, DAYS_MAX] = BLACK_RULE_LIMITS.ban_days;

/**
 * Puts a user on the blacklist: the user (searched by account or name), the reason (zh
 * required, en optional) and the end (through a date from today, or a number of days). The
 * entry is made after a confirmation; a refusal (unknown user, already banned...) stays in
 * the dialog with its reason.
 */
export function BlackAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const users = useUsersForBlacklist(keyword);
  const save = useSaveBlackList();
  const endKind = Form.useWatch('endKind', form) ?? 'date';

  const close = () => {
    setError(null);
    setKeyword('');
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const v = await form.validateFields();
    const end: BanEnd =
      v.endKind === 'date' ? { kind: 'date', date: v.endDate!.format(DATE) } : { kind: 'days', days: v.days! };
    const account = v.user_account!.trim();
    const who = users.data?.find((u) => u.account === account);
    const until = end.kind === 'date' ? end.date : t('blacklist.add.forDays', { days: end.days });
    setError(null);
    modal.confirm({
      title: t('blacklist.add.confirmTitle'),
      content: t('blacklist.add.confirm', { user: who ? `${who.name} (${account})` : account, until }),
      okText: t('blacklist.action.add'),
      okButtonProps: { danger: true },
      cancelText: t('blacklist.action.cancel'),
      onOk: async () => {
        try {
          await save.mutateAsync({
            user_account: account,
            reason: v.reason!.trim(),
            ...(v.reason_en?.trim() ? { reason_en: v.reason_en.trim() } : {}),
            ...banEndFields(end),
          });
          void message.success(t('blacklist.message.added', { account }));
          close();
        } catch (err) {
          setError(errorText(err));
        }
      },
    });
  };

  const reasonLabel = t('blacklist.field.reason');
  const options = (users.data ?? []).map((u) => ({ value: u.account, label: `${u.name || u.account} (${u.account})` }));
  const typed = keyword.trim();
  if (typed && !options.some((o) => o.value === typed)) {
    options.push({ value: typed, label: t('blacklist.add.typedAccount', { account: typed }) });
  }

  return (
    <Modal
      open={open}
      title={t('blacklist.add.title')}
      okText={t('blacklist.action.next')}
      cancelText={t('blacklist.action.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={close}
      forceRender
    >
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 12 }} /> : null}
      <Form<Values> form={form} layout="vertical" name="blackAdd" initialValues={{ endKind: 'date' }}>
        <Form.Item
          name="user_account"
          label={t('blacklist.field.user')}
          rules={[{ required: true, message: t('blacklist.add.userRequired') }]}
        >
          <Select
            showSearch={{ filterOption: false, onSearch: setKeyword }}
            placeholder={t('blacklist.add.userPlaceholder')}
            options={options}
            loading={users.isFetching}
            notFoundContent={
              users.isFetching ? (
                <Spin size="small" />
              ) : typed ? (
                t('blacklist.add.noUser')
              ) : (
                t('blacklist.add.typeToSearch')
              )
            }
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={reasonLabel}
          rules={[
            { required: true, whitespace: true, message: t('blacklist.message.required', { field: reasonLabel }) },
            { max: MAX_REASON, message: t('blacklist.message.tooLong', { field: reasonLabel, max: MAX_REASON }) },
          ]}
        >
          <Input.TextArea
            rows={2}
            showCount
            maxLength={MAX_REASON}
            placeholder={t('blacklist.add.reasonPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="reason_en"
          label={t('blacklist.field.reasonEn')}
          rules={[
            {
              max: MAX_REASON,
              message: t('blacklist.message.tooLong', { field: t('blacklist.field.reasonEn'), max: MAX_REASON }),
            },
          ]}
        >
          <Input.TextArea rows={2} maxLength={MAX_REASON} placeholder={t('blacklist.add.reasonEnPlaceholder')} />
        </Form.Item>
        <Form.Item name="endKind" label={t('blacklist.field.end')}>
          <Radio.Group
            options={[
              { value: 'date', label: t('blacklist.add.endDate') },
              { value: 'days', label: t('blacklist.add.endDays') },
            ]}
          />
        </Form.Item>
        {endKind === 'date' ? (
          <Form.Item
            name="endDate"
            label={t('blacklist.add.endDateLabel')}
            extra={t('blacklist.add.endDateHint')}
            rules={[{ required: true, message: t('blacklist.add.endDateRequired') }]}
          >
            <DatePicker format={DATE} style={{ width: 200 }} disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
        ) : (
          <Form.Item
            name="days"
            label={t('blacklist.add.daysLabel')}
            rules={[
              { required: true, message: t('blacklist.add.daysRequired') },
              {
                type: 'integer',
                min: DAYS_MIN,
                max: DAYS_MAX,
                message: t('blacklist.message.range', { min: DAYS_MIN, max: DAYS_MAX }),
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: 200 }} suffix={t('blacklist.unit.days')} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
