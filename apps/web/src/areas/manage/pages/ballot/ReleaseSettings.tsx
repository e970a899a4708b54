import { InfoCircleOutlined, RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, InputNumber, Radio, Skeleton, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBallotSetting, useSaveBallotSetting } from '../../../../features/ballot-admin/api.ts';
import {
  MAX_WINS,
  RELEASE_MODES,
  WINDOW_MINUTES,
  type BallotSetting,
  type ReleaseMode,
  type TargetKind,
} from '../../../../features/ballot-admin/types.ts';
import { errorText } from '../../operation-result.ts';
import { ReleaseModeIcon } from './parts.tsx';
import './ballot.css';

interface Values {
  release_mode: ReleaseMode;
  window_minutes: number | null;
  weighted: boolean;
  max_wins_per_person: number | null;
}

const DEFAULT_INPUT = { window_minutes: WINDOW_MINUTES.default, weighted: false, max_wins_per_person: 0 };

const valuesOf = (s: BallotSetting): Values => ({
  release_mode: s.release_mode === 'ballot' ? 'ballot' : 'race',
  window_minutes: s.window_minutes || WINDOW_MINUTES.default,
  weighted: !!s.weighted,
  max_wins_per_person: s.max_wins_per_person ?? 0,
});

/** One line saying what a setting does: "First come, first served" or the ballot's window, weighting and cap. */
export function useSettingSummary() {
  const { t } = useTranslation();
  return (s: Pick<BallotSetting, 'release_mode' | 'window_minutes' | 'weighted' | 'max_wins_per_person'>) =>
    s.release_mode === 'ballot'
      ? t('ballotAdmin.release.summaryBallot', {
          minutes: s.window_minutes,
          weighted: t(s.weighted ? 'ballotAdmin.release.weightedOn' : 'ballotAdmin.release.weightedOff'),
          cap: s.max_wins_per_person
            ? t('ballotAdmin.release.cap', { count: s.max_wins_per_person })
            : t('ballotAdmin.release.noCap'),
        })
      : t('ballotAdmin.release.modeText.race');
}

/**
 * The release section of a resource type or a resource (docs/GLOSSARY.md "Ballot"): first come,
 * first served or a ballot (collection window, weighting, per-person cap), where the settings in
 * force come from, and its own save (`saveBallotSetting`; the server decides who may: tenant
 * administrators for a type, a resource's administrators for it, and its refusal is shown).
 * Renders no `<form>` of its own, so it may sit inside the page's form. `id` undefined: the
 * type or resource is not saved yet.
 */
export function ReleaseSettings({ kind, id }: { kind: TargetKind; id: string | undefined }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const setting = useBallotSetting(kind, id);
  const save = useSaveBallotSetting();
  const [refusal, setRefusal] = useState<string | null>(null);
  const summary = useSettingSummary();
  const mode = Form.useWatch('release_mode', form);

  useEffect(() => {
    if (setting.data) form.setFieldsValue(valuesOf(setting.data));
  }, [setting.data, form]);

  if (!id) {
    return <Alert type="info" showIcon icon={<InfoCircleOutlined />} title={t('ballotAdmin.release.saveFirst')} />;
  }
  if (setting.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (setting.isError) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('ballotAdmin.release.loadFailed')}
        description={errorText(setting.error)}
        action={
          <Button size="small" onClick={() => void setting.refetch()}>
            {t('ballotAdmin.action.refresh')}
          </Button>
        }
      />
    );
  }
  const inForce = setting.data;

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setRefusal(null);
    try {
      await save.mutateAsync({
        target_kind: kind,
        target_id: id,
        release_mode: values.release_mode,
        window_minutes: values.window_minutes ?? WINDOW_MINUTES.default,
        weighted: values.weighted,
        max_wins_per_person: values.max_wins_per_person ?? 0,
      });
      void message.success(t('ballotAdmin.release.saved'));
    } catch (err) {
      const text = errorText(err);
      setRefusal(text);
      void message.error(text);
    }
  };

  // A resource's own settings removed: it follows its type's again (the server says which now).
  const inherit = async () => {
    setRefusal(null);
    try {
      await save.mutateAsync({ ...DEFAULT_INPUT, target_kind: kind, target_id: id, release_mode: 'inherit' });
      void message.success(t('ballotAdmin.release.inherited'));
    } catch (err) {
      const text = errorText(err);
      setRefusal(text);
      void message.error(text);
    }
  };

  const sourceText =
    kind === 'type'
      ? t(`ballotAdmin.release.typeSource.${inForce.source === 'default' ? 'default' : 'type'}`)
      : t(`ballotAdmin.release.sourceText.${inForce.source}`, { defaultValue: inForce.source });

  return (
    <section className="yy-ballot-release" aria-label={t('ballotAdmin.release.title')} data-testid="ballot-release">
      <Typography.Paragraph type="secondary">{t('ballotAdmin.release.intro')}</Typography.Paragraph>
      <Alert
        type={inForce.release_mode === 'ballot' ? 'warning' : 'info'}
        showIcon
        role="status"
        className="yy-ballot-release-inforce"
        title={t('ballotAdmin.release.sourceLine', { source: sourceText })}
        description={inForce.source === 'default' ? undefined : summary(inForce)}
      />
      <Form<Values>
        form={form}
        component={false}
        name={`ballot-release-${kind}`}
        layout="vertical"
        initialValues={valuesOf(inForce)}
      >
        <Form.Item name="release_mode" label={t('ballotAdmin.release.mode')}>
          <Radio.Group className="yy-ballot-modes">
            {RELEASE_MODES.map((m) => (
              <Radio key={m} value={m}>
                <span className="yy-ballot-mode">
                  <strong className="yy-ballot-mode-option">
                    <ReleaseModeIcon mode={m} />
                    {t(`ballotAdmin.release.modeText.${m}`)}
                  </strong>
                  <Typography.Text type="secondary">{t(`ballotAdmin.release.modeHint.${m}`)}</Typography.Text>
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {mode === 'ballot' ? (
          <>
            <Form.Item
              name="window_minutes"
              label={t('ballotAdmin.release.window')}
              extra={t('ballotAdmin.release.windowHint')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: WINDOW_MINUTES.min,
                  max: WINDOW_MINUTES.max,
                  message: t('ballotAdmin.release.windowHint'),
                },
              ]}
            >
              <InputNumber min={WINDOW_MINUTES.min} max={WINDOW_MINUTES.max} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="weighted"
              label={t('ballotAdmin.release.weighted')}
              valuePropName="checked"
              extra={t('ballotAdmin.release.weightedHint')}
            >
              <Switch />
            </Form.Item>
            <Form.Item
              name="max_wins_per_person"
              label={t('ballotAdmin.release.maxWins')}
              extra={t('ballotAdmin.release.maxWinsHint')}
              rules={[
                {
                  required: true,
                  type: 'integer',
                  min: MAX_WINS.min,
                  max: MAX_WINS.max,
                  message: t('ballotAdmin.release.maxWinsHint'),
                },
              ]}
            >
              <InputNumber min={MAX_WINS.min} max={MAX_WINS.max} precision={0} style={{ width: 160 }} />
            </Form.Item>
          </>
        ) : null}
      </Form>
      <Typography.Paragraph type="secondary" className="yy-ballot-release-note">
        {/* Chinese sentences follow each other without a space */}
        {kind === 'resource'
          ? `${t('ballotAdmin.release.resourceOverrides')}${i18n.language.startsWith('zh') ? '' : ' '}`
          : ''}
        {t('ballotAdmin.release.dateRuleHint')}
      </Typography.Paragraph>
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 12 }} /> : null}
      <Space>
        <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()}>
          {t('ballotAdmin.release.save')}
        </Button>
        {kind === 'resource' && inForce.source === 'resource' ? (
          <Button icon={<RollbackOutlined />} disabled={save.isPending} onClick={() => void inherit()}>
            {t('ballotAdmin.release.inherit')}
          </Button>
        ) : null}
      </Space>
    </section>
  );
}

/** The release section of a resource's page, as a card of its own (its save is its own). */
export function ResourceReleaseCard({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Card type="inner" size="small" title={t('ballotAdmin.release.title')} style={{ marginTop: 16 }}>
      <ReleaseSettings kind="resource" id={id} />
    </Card>
  );
}
