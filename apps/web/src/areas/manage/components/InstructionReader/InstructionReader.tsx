import { Empty, Menu, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindInstructionAll } from '../../../../features/instructions/api/findInstructionAll.ts';
import { pick } from '../../../../lib/i18n.ts';
import { errorText } from '../../operation-result.ts';
import './instruction-reader.css';

/**
 * The published usage instructions: a list of titles and the chosen one's content (HTML the
 * server sanitized). Narrow screens pick from a select instead of the side list. Used by the
 * back office's `/manage/instruction` and the desktop help centre.
 */
export function InstructionReader({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation();
  const list = useFindInstructionAll({ state: { eq: 'published' } });
  const [chosen, setChosen] = useState<string | null>(null);

  if (list.isPending) return <Spin />;
  if (list.error) return <Typography.Text type="danger">{errorText(list.error)}</Typography.Text>;
  const items = list.data;
  if (items.length === 0) return <Empty description={t('settingsAdmin.instruction.none')} />;
  const current = items.find((i) => i.id === chosen) ?? items[0]!;
  const html = pick(current.content, current.content_en);

  return (
    <div className={`yy-instruction-reader${narrow ? ' is-narrow' : ''}`}>
      {narrow ? (
        <Select
          className="yy-instruction-select"
          value={current.id}
          onChange={setChosen}
          aria-label={t('settingsAdmin.instruction.choose')}
          options={items.map((i) => ({ value: i.id, label: pick(i.title, i.title_en) }))}
        />
      ) : (
        <nav aria-label={t('settingsAdmin.instruction.contents')} className="yy-instruction-nav">
          <Menu
            mode="inline"
            selectedKeys={[current.id]}
            onClick={({ key }) => setChosen(key)}
            items={items.map((i) => ({ key: i.id, label: pick(i.title, i.title_en) }))}
          />
        </nav>
      )}
      <article className="yy-instruction-article">
        <Typography.Title level={3}>{pick(current.title, current.title_en)}</Typography.Title>
        <Typography.Text type="secondary" className="yy-instruction-time">
          {t('settingsAdmin.instruction.updated', { time: current.update_time })}
        </Typography.Text>
        {/* Sanitized on the server (platform/html.ts) when saved. */}
        <div className="yy-instruction-content" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  );
}
