import { HeartFilled, HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Input, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppointmentsForAccount } from '../../../../features/booking/api/findAppointmentInformationAllForAccount.ts';
import { useResourcesAllByAccount } from '../../../../features/booking/api/findResourcesAllByAccount.ts';
import { useResourcesLikes } from '../../../../features/evaluations/api/findResourcesLikeAllForAccount.ts';
import {
  useResourcesTypeAllByAccount,
  type BookableResourcesType,
} from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { currentLanguage, pick } from '../../../../lib/i18n.ts';
import { BookingDialog } from '../../booking/dialog/BookingDialog.tsx';
import { locationOf } from '../../booking/ResourceDetail.tsx';
import { LoadFailedAlert } from '../../components/LoadFailedAlert.tsx';
import { ResourceTypeTile } from '../../components/ResourceTypeTile.tsx';
import { pcPaths } from '../../paths.ts';
import './booking-centre.css';

/** Most search results shown; the search names more to narrow it. */
const SEARCH_LIMIT = 20;
/** Favourites and recently booked resources shown. */
const COMMON_LIMIT = 8;

/** A resource with a one-click booking button and a link to its venue page. */
interface CommonResource {
  id: string;
  name: string;
  detail: string;
  disabled: boolean;
}

/**
 * Types grouped under their tags (the Chinese tag decides, as in the portal menu), in the order
 * they come; types without a tag last, under "other" when there are tagged ones too.
 */
function groupByTag(types: readonly BookableResourcesType[], other: string) {
  const groups = new Map<string, { key: string; label: string; types: BookableResourcesType[] }>();
  const loose: BookableResourcesType[] = [];
  for (const ty of types) {
    const tag = (ty.resources_tag || ty.resources_tag_en || '').trim();
    if (!tag) loose.push(ty);
    else if (groups.has(tag)) groups.get(tag)!.types.push(ty);
    else groups.set(tag, { key: `tag:${tag}`, label: pick(ty.resources_tag, ty.resources_tag_en).trim(), types: [ty] });
  }
  const out = [...groups.values()];
  if (loose.length) out.push({ key: 'loose', label: out.length ? other : '', types: loose });
  return out;
}

/** The categories the user may book, grouped by tag, each leading to its resource query. */
function Categories() {
  const { t } = useTranslation();
  const types = useResourcesTypeAllByAccount();
  const groups = useMemo(() => groupByTag(types.data ?? [], t('pcVenue.centre.otherTypes')), [types.data, t]);
  return (
    <Card
      variant="borderless"
      title={
        <h2 className="yy-pc-home-title" id="yy-centre-categories">
          {t('pcVenue.centre.categories')}
        </h2>
      }
    >
      {types.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : types.error ? (
        <LoadFailedAlert error={types.error} onRetry={types.refetch} />
      ) : groups.length === 0 ? (
        <Empty description={t('pcVenue.centre.noCategories')} />
      ) : (
        groups.map((g) => (
          <section key={g.key} className="yy-centre-group" aria-label={g.label || t('pcVenue.centre.categories')}>
            {g.label ? <h3 className="yy-centre-h3">{g.label}</h3> : null}
            <ul className="yy-pc-home-types">
              {g.types.map((ty) => (
                <li key={ty.id}>
                  <ResourceTypeTile type={ty} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Card>
  );
}

/** The search over resource names (kept in the address as `?q=`), each result leading to its venue page. */
function Search() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const results = useResourcesAllByAccount(
    { resourceName: q, first: SEARCH_LIMIT, offset: 0, cur_language: currentLanguage() },
    Boolean(q),
  );
  const submit = (value: string) => {
    const next = value.trim();
    setParams(next ? { q: next } : {}, { replace: true });
  };
  const rows = results.data ?? [];
  return (
    <Card variant="borderless" className="yy-centre-search">
      <h1 className="yy-centre-title">{t('pcVenue.centre.title')}</h1>
      <p className="yy-centre-hint">{t('pcVenue.centre.hint')}</p>
      <div role="search">
        <Input.Search
          size="large"
          allowClear
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value) submit('');
          }}
          onSearch={submit}
          placeholder={t('pcVenue.centre.searchPlaceholder')}
          aria-label={t('pcVenue.centre.search')}
          enterButton={t('pcVenue.centre.searchButton')}
          maxLength={50}
        />
      </div>
      {q ? (
        <section className="yy-centre-results" aria-label={t('pcVenue.centre.results')} aria-live="polite">
          {results.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : results.error ? (
            <LoadFailedAlert error={results.error} onRetry={results.refetch} />
          ) : rows.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pcVenue.centre.noResults', { q })} />
          ) : (
            <>
              <div className="yy-pc-list-header">
                <Typography.Text type="secondary">
                  {rows.length >= SEARCH_LIMIT
                    ? t('pcVenue.centre.manyResults', { n: SEARCH_LIMIT })
                    : t('pcVenue.centre.resultCount', { n: rows.length })}
                </Typography.Text>
              </div>
              <ul className="yy-pc-list">
                {rows.map((r) => (
                  <li key={r.id} className="yy-centre-result">
                    <Link to={pcPaths.venueDetail(r.id)} className="yy-centre-result-name">
                      {pick(r.resources_name, r.resources_name_en)}
                    </Link>
                    <Tag>{pick(r.resources_type_name, r.resources_type_name_en)}</Tag>
                    <Typography.Text type="secondary" className="yy-centre-result-detail">
                      {locationOf(r)}
                    </Typography.Text>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : null}
    </Card>
  );
}

/** A card of resources the user comes back to: book one in a click, or open its venue page. */
function CommonList({
  title,
  icon,
  loading,
  error,
  rows,
  empty,
  onBook,
  onRetry,
}: {
  title: string;
  icon: ReactNode;
  loading: boolean;
  error: unknown;
  rows: CommonResource[];
  empty: string;
  onBook: (resourceId: string) => void;
  onRetry: () => unknown;
}) {
  const { t } = useTranslation();
  return (
    <Card
      variant="borderless"
      title={
        <h2 className="yy-pc-home-title">
          {icon} {title}
        </h2>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : error ? (
        <LoadFailedAlert error={error} onRetry={onRetry} />
      ) : rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul className="yy-pc-list" aria-label={title}>
          {rows.map((r) => (
            <li key={r.id} className="yy-centre-common yy-pc-list-row">
              <div className="yy-pc-list-meta">
                <div className="yy-pc-list-title">
                  <Link to={pcPaths.venueDetail(r.id)}>{r.name}</Link>
                </div>
                {r.disabled || r.detail ? (
                  <div className="yy-pc-list-desc">{r.disabled ? t('pcVenue.venue.disabled') : r.detail}</div>
                ) : null}
              </div>
              <Button
                size="small"
                type="primary"
                ghost
                disabled={r.disabled}
                aria-label={t('pcVenue.centre.bookNamed', { name: r.name })}
                onClick={() => onBook(r.id)}
              >
                {t('pcVenue.centre.book')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The user's favourites, newest first. */
function useFavouriteResources() {
  const likes = useResourcesLikes({ first: COMMON_LIMIT, offset: 0 });
  const rows = useMemo<CommonResource[]>(
    () =>
      (likes.data?.edges ?? []).map(({ node: f }) => ({
        id: f.resources_id,
        name: pick(f.resources_name, f.resources_name_en),
        detail: locationOf(f),
        disabled: f.state === 0,
      })),
    [likes.data],
  );
  return { rows, loading: likes.isPending, error: likes.error, onRetry: likes.refetch };
}

/** The resources of the user's latest bookings, each once, most recent first. */
function useRecentResources() {
  const recent = useAppointmentsForAccount({ first: 30, offset: 0 });
  const rows = useMemo<CommonResource[]>(() => {
    const seen = new Map<string, CommonResource>();
    for (const { node: a } of recent.data?.edges ?? []) {
      if (!seen.has(a.resources_id))
        seen.set(a.resources_id, {
          id: a.resources_id,
          name: pick(a.resources_name, a.resources_name_en),
          detail: pick(a.resources_type_name, a.resources_type_name_en),
          disabled: false,
        });
    }
    return [...seen.values()].slice(0, COMMON_LIMIT);
  }, [recent.data]);
  return { rows, loading: recent.isPending, error: recent.error, onRetry: recent.refetch };
}

/**
 * The desktop booking centre (`/pc/appointment`, spec 2.2): a search over resource names leading
 * to their venue pages, the categories the user may book leading to their resource queries, and
 * the user's favourites and recently booked resources, each booked in one click.
 */
export default function BookingCentre() {
  const { t } = useTranslation();
  const [booking, setBooking] = useState<string | null>(null);
  const favourites = useFavouriteResources();
  const recent = useRecentResources();
  return (
    <div className="yy-centre">
      <Search />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={15}>
          <Categories />
        </Col>
        <Col xs={24} lg={9}>
          <Space orientation="vertical" size={24} style={{ width: '100%' }}>
            <CommonList
              title={t('pcVenue.centre.favourites')}
              icon={<HeartFilled className="yy-centre-heart" aria-hidden />}
              {...favourites}
              empty={t('pcVenue.centre.noFavourites')}
              onBook={setBooking}
            />
            <CommonList
              title={t('pcVenue.centre.recent')}
              icon={<HistoryOutlined aria-hidden />}
              {...recent}
              empty={t('pcVenue.centre.noRecent')}
              onBook={setBooking}
            />
          </Space>
        </Col>
      </Row>
      {booking ? <BookingDialog open resourceId={booking} onClose={() => setBooking(null)} /> : null}
    </div>
  );
}
