import { Drawer, Switch } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface LayoutSettingsProps {
  open: boolean;
  onClose: () => void;
  tagsView: boolean;
  onTagsView: (on: boolean) => void;
}

/** The back office's layout settings: whether page tags are shown (off by default). */
export function LayoutSettings({ open, onClose, tagsView, onTagsView }: LayoutSettingsProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  return (
    <Drawer open={open} onClose={onClose} title={t('manage.layoutSettings')} size={280}>
      <div className="yy-layout-setting">
        <span id={labelId}>{t('manage.tagsView')}</span>
        <Switch
          checked={tagsView}
          onChange={onTagsView}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          checkedChildren={t('manage.on')}
          unCheckedChildren={t('manage.off')}
        />
      </div>
      <p id={hintId} className="yy-layout-setting-hint">
        {t('manage.tagsViewHint')}
      </p>
    </Drawer>
  );
}
