import { CloseOutlined } from '@ant-design/icons';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageTag } from './tags.ts';

export type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

export interface TagsViewProps {
  tags: PageTag[];
  activePath: string;
  onAction: (action: TagAction, tag: PageTag) => void;
}

/**
 * The open pages as tags (spec 2.6). The current one is marked by a dot, bold text and
 * aria-current, not by colour alone. Right-click (or the context-menu key) on a tag offers
 * 刷新 / 关闭 / 关闭其他 / 关闭所有; affixed tags have no close button.
 */
export function TagsView({ tags, activePath, onAction }: TagsViewProps) {
  const { t } = useTranslation();
  const closable = tags.some((tag) => !tag.affix);
  return (
    <nav className="yy-tags-view" aria-label={t('manage.openPages')}>
      <ul className="yy-tags-list">
        {tags.map((tag) => {
          const active = tag.path === activePath;
          const title = t(tag.title);
          return (
            <li key={tag.path}>
              <Dropdown
                trigger={['contextMenu']}
                classNames={{ root: 'yy-tag-menu' }}
                styles={{ root: { minWidth: 105 } }}
                menu={{
                  items: [
                    { key: 'refresh', label: t('common.tagRefresh') },
                    { key: 'close', label: t('common.tagClose'), disabled: tag.affix },
                    { key: 'closeOthers', label: t('common.tagCloseOthers') },
                    { key: 'closeAll', label: t('common.tagCloseAll'), disabled: !closable },
                  ],
                  onClick: ({ key }) => onAction(key as TagAction, tag),
                }}
              >
                <span className={`yy-tag${active ? ' is-active' : ''}`}>
                  <Link
                    to={tag.path}
                    className="yy-tag-link"
                    aria-current={active ? 'page' : undefined}
                    title={t('manage.tagMenuHint')}
                  >
                    {active ? <span className="yy-tag-dot" aria-hidden /> : null}
                    {title}
                  </Link>
                  {tag.affix ? null : (
                    <button
                      type="button"
                      className="yy-tag-close"
                      aria-label={t('manage.closeTag', { name: title })}
                      onClick={() => onAction('close', tag)}
                    >
                      <CloseOutlined />
                    </button>
                  )}
                </span>
              </Dropdown>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
