import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  Popconfirm,
  Rate,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppointmentEvaluate } from '../../../../features/evaluations-admin/api/findAppointmentEvaluate.ts';
import { useReplyAppointmentEvaluate } from '../../../../features/evaluations-admin/api/replyAppointmentEvaluate.ts';
import { useUpdateAppointmentEvaluateState } from '../../../../features/evaluations-admin/api/updateAppointmentEvaluateState.ts';
import { MAX_REPLY } from '../../../../features/evaluations-admin/listVariables.ts';
import type { Evaluation } from '../../../../features/evaluations-admin/types.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import { signDate } from '../sign/signText.ts';
import { useFileUrl } from '../../../../app/useFileUrl.ts';

/** A score as stars with its number (read-only). */
export function Score({ value, label }: { value: number; label: string }) {
  return (
    <span className="yy-eval-score" aria-label={`${label}: ${value}/5`} role="img">
      <Rate disabled value={value} aria-hidden />
      <span className="yy-eval-score-n" aria-hidden>
        {value}
      </span>
    </span>
  );
}

/** Shows or hides an evaluation; hiding asks first. */
export function StateToggle({ evaluation, size }: { evaluation: Evaluation; size?: 'small' }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const update = useUpdateAppointmentEvaluateState();
  const set = async (state: '0' | '1') => {
    try {
      await update.mutateAsync({ id: evaluation.id, state });
      void message.success(t(state === '0' ? 'evaluationsAdmin.message.hidden' : 'evaluationsAdmin.message.shown'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  const link = size === 'small';
  if (evaluation.state === '0') {
    return (
      <Button
        type={link ? 'link' : 'default'}
        size={size}
        icon={link ? undefined : <EyeOutlined />}
        loading={update.isPending}
        onClick={() => void set('1')}
      >
        {t('evaluationsAdmin.action.show')}
      </Button>
    );
  }
  return (
    <Popconfirm
      title={t('evaluationsAdmin.hide.title')}
      description={t('evaluationsAdmin.hide.confirm')}
      okText={t('evaluationsAdmin.action.hide')}
      okButtonProps={{ danger: true }}
      cancelText={t('evaluationsAdmin.action.cancel')}
      onConfirm={() => set('0')}
    >
      <Button
        type={link ? 'link' : 'default'}
        size={size}
        danger
        icon={link ? undefined : <EyeInvisibleOutlined />}
        loading={update.isPending}
      >
        {t('evaluationsAdmin.action.hide')}
      </Button>
    </Popconfirm>
  );
}

/** The reply form: a new reply replaces the old one (1-1000 characters). */
function ReplyForm({ evaluation }: { evaluation: Evaluation }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reply_content: string }>();
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyAppointmentEvaluate();
  const label = t('evaluationsAdmin.field.reply');

  useEffect(() => {
    form.setFieldsValue({ reply_content: evaluation.reply_content ?? '' });
    setError(null);
  }, [form, evaluation.id, evaluation.reply_content]);

  const submit = async ({ reply_content }: { reply_content: string }) => {
    setError(null);
    try {
      await reply.mutateAsync({ id: evaluation.id, reply_content });
      void message.success(t('evaluationsAdmin.message.replied'));
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <Form form={form} layout="vertical" name="evaluationReply" onFinish={(v) => void submit(v)}>
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
      <Form.Item
        name="reply_content"
        label={evaluation.reply_content ? t('evaluationsAdmin.reply.change') : t('evaluationsAdmin.reply.new')}
        rules={[
          { required: true, whitespace: true, message: t('evaluationsAdmin.message.required', { field: label }) },
          { max: MAX_REPLY, message: t('evaluationsAdmin.message.tooLong', { field: label, max: MAX_REPLY }) },
        ]}
      >
        <Input.TextArea
          rows={4}
          showCount
          maxLength={MAX_REPLY}
          placeholder={t('evaluationsAdmin.reply.placeholder')}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={reply.isPending}>
        {t('evaluationsAdmin.action.sendReply')}
      </Button>
    </Form>
  );
}

/**
 * One evaluation in a drawer: the booking, the author (anonymous ones too: administrators see
 * who wrote them), the four scores, the content and pictures, the reply and its form, and
 * hide/show. Read again when opened, so it shows the evaluation as it is now.
 */
export function EvaluateDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fileSrc = useFileUrl();
  const query = useAppointmentEvaluate(id);
  const e = query.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('evaluationsAdmin.detail.title')}
      size="large"
      destroyOnHidden
    >
      {query.isPending && id ? (
        <Spin />
      ) : query.error ? (
        <Alert type="error" showIcon role="alert" title={errorText(query.error)} />
      ) : !e ? (
        <Empty description={t('evaluationsAdmin.detail.notFound')} />
      ) : (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('evaluationsAdmin.field.resource')}>
              {pick(e.resources_name, e.resources_name_en)}
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.booking')}>
              {signDate(e.appointment_date)} {e.start_time}-{e.end_time}
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.author')}>
              {e.created_user_name} ({e.created_user})
              {e.is_anonymous === '1' ? (
                <Tag style={{ marginInlineStart: 8 }}>{t('evaluationsAdmin.anonymous.yes')}</Tag>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.createTime')}>{e.create_time}</Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.state')}>
              <Tag color={e.state === '1' ? 'success' : 'default'}>{t(`evaluationsAdmin.state.${e.state}`)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.composite')}>
              <Score value={e.composite_score} label={t('evaluationsAdmin.field.composite')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.resourceScore')}>
              <Score value={e.resources_score} label={t('evaluationsAdmin.field.resourceScore')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.systemScore')}>
              <Score value={e.system_score} label={t('evaluationsAdmin.field.systemScore')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.serviceScore')}>
              <Score value={e.service_score} label={t('evaluationsAdmin.field.serviceScore')} />
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.content')}>
              {e.content ? (
                <Typography.Paragraph className="yy-eval-content">{e.content}</Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">{t('evaluationsAdmin.detail.noContent')}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('evaluationsAdmin.field.pictures')}>
              {e.pictures?.length ? (
                <Image.PreviewGroup>
                  <Space wrap>
                    {e.pictures.map((src, i) => (
                      <Image
                        key={`${src}-${i}`}
                        src={fileSrc(src)}
                        width={96}
                        height={96}
                        className="yy-eval-picture"
                        alt={t('evaluationsAdmin.detail.picture', { n: i + 1 })}
                      />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : (
                <Typography.Text type="secondary">{t('evaluationsAdmin.detail.noPictures')}</Typography.Text>
              )}
            </Descriptions.Item>
            {e.reply_content ? (
              <Descriptions.Item label={t('evaluationsAdmin.field.reply')}>
                <Typography.Paragraph className="yy-eval-content">{e.reply_content}</Typography.Paragraph>
                <Typography.Text type="secondary">
                  {e.reply_user_name || e.reply_user} · {e.reply_time}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <StateToggle evaluation={e} />
          <ReplyForm evaluation={e} />
        </Space>
      )}
    </Drawer>
  );
}
