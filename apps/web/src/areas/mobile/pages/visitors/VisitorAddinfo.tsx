import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../../features/booking/result.ts';
import { useVisitorSwitches } from '../../../../features/visitors/api/findVisitorCategoryConfig.ts';
import { useVisitorProfile } from '../../../../features/visitors/api/findVisitorInfoByAccount.ts';
import { useVisitorValidFieldInfo } from '../../../../features/visitors/api/findVisitorValidFieldInfo.ts';
import { useUpdateVisitorAddFieldInfo } from '../../../../features/visitors/api/updateVisitorAddFieldInfo.ts';
import { infoErrors } from '../../../../features/visitors/forms.ts';
import { Empty, LoadFailed, Loading } from '../../components/LoadState.tsx';
import { showToast } from '../../components/overlay.ts';
import { PageNav } from '../../components/PageNav.tsx';
import { visitorPaths } from './paths.ts';
import { InfoFieldInput, useErrorText } from './parts.tsx';
import '../booking/booking.css';
import './visitors.css';

/**
 * The visitor's information (`/mobile/visitor/addinfo`): the information fields the
 * administrator asks visitors for, each checked by its type, required ones marked. With
 * information collection off (overall settings) nothing is asked: the page says so. No page links
 * here then, but an old bookmark may.
 */
export default function VisitorAddinfo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { infoCollection } = useVisitorSwitches();
  const fields = useVisitorValidFieldInfo(infoCollection === true);
  const profile = useVisitorProfile(infoCollection === true);
  const save = useUpdateVisitorAddFieldInfo();
  // what the visitor changed, over the values saved before
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const list = fields.data ?? [];
  const saved = Object.fromEntries((profile.data?.infoList ?? []).map((v) => [v.field_name, v.value ?? '']));
  const current: Record<string, string> = { ...saved, ...edits };
  const required = (f: (typeof list)[number]) => f.is_visitor_required_info === 1;
  const errors = infoErrors(list, current, required);
  const err = useErrorText(errors, submitted);

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length) return;
    save.mutate(
      list.map((f) => ({ field_name: f.field_name, value: (current[f.field_name] ?? '').trim() })),
      {
        onSuccess: () => {
          void showToast(t('visitors.addinfo.saved'), 'success');
          navigate(visitorPaths.home);
        },
      },
    );
  };

  const off = infoCollection === false;
  const pending = infoCollection === undefined || (!off && (fields.isPending || profile.isPending));
  const failed = off ? null : (fields.error ?? profile.error);
  return (
    <div className="yy-m-page yy-v-page">
      <PageNav title={t('route.mobile.visitorAddinfo')} fallback={visitorPaths.home} />
      {pending ? (
        <Loading />
      ) : failed ? (
        <LoadFailed
          error={failed}
          onRetry={() => {
            void fields.refetch();
            void profile.refetch();
          }}
        />
      ) : off || !list.length ? (
        <Empty title={t(off ? 'visitors.addinfo.off' : 'visitors.addinfo.none')}>
          <Button size="small" color="primary" onClick={() => navigate(visitorPaths.home)}>
            {t('visitors.addinfo.toHome')}
          </Button>
        </Empty>
      ) : (
        <form
          className="yy-m-card yy-m-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <p className="yy-m-muted yy-v-hint">{t('visitors.addinfo.intro')}</p>
          {list.map((f) => (
            <InfoFieldInput
              key={f.id}
              field={f}
              value={current[f.field_name] ?? ''}
              onChange={(v) => setEdits((e) => ({ ...e, [f.field_name]: v }))}
              required={required(f)}
              error={err(f.field_name)}
            />
          ))}
          {save.error && (
            <p className="yy-m-error-text" role="alert">
              {errorText(save.error)}
            </p>
          )}
          <Button block type="submit" color="primary" loading={save.isPending}>
            {t('visitors.addinfo.save')}
          </Button>
        </form>
      )}
    </div>
  );
}
