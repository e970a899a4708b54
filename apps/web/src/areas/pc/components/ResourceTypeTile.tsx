import { AppstoreOutlined, RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { BookableResourcesType } from '../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { pick } from '../../../lib/i18n.ts';
import { pcPaths } from '../paths.ts';
import '../pages/home/pc-home.css';

/**
 * A resource type as a tile (the home page's look, pc-home.css) leading to its resource query:
 * icon, name and, with `showTag`, its tag. Put it in a `ul.yy-pc-home-types` item.
 */
export function ResourceTypeTile({
  type: ty,
  showTag = false,
}: {
  type: Pick<
    BookableResourcesType,
    'id' | 'icon' | 'resources_name' | 'resources_name_en' | 'resources_tag' | 'resources_tag_en'
  >;
  showTag?: boolean;
}) {
  const tag = showTag ? pick(ty.resources_tag, ty.resources_tag_en) : '';
  return (
    <Link to={pcPaths.resourceList(ty.id)} className="yy-pc-home-type">
      <span className="yy-pc-home-type-icon" aria-hidden>
        {ty.icon ? <img src={ty.icon} alt="" /> : <AppstoreOutlined />}
      </span>
      <span className="yy-pc-home-type-text">
        <span className="yy-pc-home-type-name">{pick(ty.resources_name, ty.resources_name_en)}</span>
        {tag ? <span className="yy-pc-home-type-tag">{tag}</span> : null}
      </span>
      <RightOutlined className="yy-pc-home-type-arrow" aria-hidden />
    </Link>
  );
}
