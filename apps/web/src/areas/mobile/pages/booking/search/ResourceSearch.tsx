import { Button, CheckList, SearchBar, Selector, Skeleton, Tag } from 'antd-mobile';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useResourcesAllByAccount } from '../../../../../features/booking/api/findResourcesAllByAccount.ts';
import { addDays, hhmmOf, todayIso } from '../../../../../features/booking/dates.ts';
import {
  SEARCH_SORTS,
  activeFilterCount,
  emptySearch,
  hasTimeFilter,
  searchParamsOf,
  searchStateOf,
  searchVariables,
  withCapacity,
  type SearchSort,
  type SearchState,
} from '../../../../../features/booking/search.ts';
import type { BookableResource } from '../../../../../features/booking/types.ts';
import { useFindCodeItemsAll } from '../../../../../features/code-tables/api/findCodeItemsAll.ts';
import { isRootItem } from '../../../../../features/code-tables/tree.ts';
import { useResourcesTypeAllByAccount } from '../../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { currentLanguage, pick } from '../../../../../lib/i18n.ts';
import { Empty, LoadFailed } from '../../../components/LoadState.tsx';
import { PageNav } from '../../../components/PageNav.tsx';
import { mobilePaths } from '../../../paths.ts';
import '../booking.css';

const CAPACITY_CHOICES = ['10', '20', '50', '100'];
/** Half-hour steps of the time filter. */
const TIME_CHOICES = Array.from({ length: 49 }, (_, i) => hhmmOf(i * 30));

/** Where the list was scrolled to, per search, so coming back from a detail lands there again. */
const scrollKey = (search: string) => `yy-m-search-scroll:${search}`;

/** One resource of the list. */
function ResourceCard({ resource }: { resource: BookableResource }) {
  const { t } = useTranslation();
  const name = pick(resource.resources_name, resource.resources_name_en);
  const picture = resource.resourcesImage?.find((i) => i.image_category !== '2');
  const where = [
    pick(resource.campus_name, resource.campus_name_en),
    pick(resource.building_name, resource.building_name_en),
    pick(resource.floor_name, resource.floor_name_en),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Link to={mobilePaths.venueDetail(resource.id)} className="yy-m-res-card">
      <span className="yy-m-res-pic" aria-hidden>
        {picture ? <img src={picture.uri} alt="" loading="lazy" /> : name.slice(0, 1)}
      </span>
      <span className="yy-m-res-body">
        <span className="yy-m-res-name">{name}</span>
        <span className="yy-m-res-meta">{pick(resource.resources_type_name, resource.resources_type_name_en)}</span>
        {where && <span className="yy-m-res-meta">{where}</span>}
        <span className="yy-m-res-tags">
          {resource.capacity ? (
            <Tag fill="outline" color="default">
              {t('booking.capacityOf', { n: resource.capacity })}
            </Tag>
          ) : null}
          {resource.need_approve === '1' && (
            <Tag fill="outline" color="warning">
              {t('booking.needApprove')}
            </Tag>
          )}
          <Tag fill="outline" color={resource.reservable_status === '1' ? 'success' : 'default'}>
            {resource.reservable_status === '1' ? t('booking.search.open') : t('booking.search.closed')}
          </Tag>
        </span>
      </span>
    </Link>
  );
}

type Panel = 'sort' | 'filter' | 'time';

/** A button of the toolbar that opens its panel. */
function ToolbarButton({
  label,
  open,
  active,
  onClick,
}: {
  label: ReactNode;
  open: boolean;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`yy-m-toolbar-button${active ? ' yy-m-toolbar-active' : ''}`}
      aria-expanded={open}
      onClick={onClick}
    >
      <span>{label}</span>
      <span className={open ? 'yy-m-caret yy-m-caret-up' : 'yy-m-caret'} aria-hidden />
    </button>
  );
}

function FilterActions({ onReset, onApply }: { onReset: () => void; onApply: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="yy-m-filter-actions">
      <Button block onClick={onReset}>
        {t('booking.search.reset')}
      </Button>
      <Button block color="primary" onClick={onApply}>
        {t('booking.search.apply')}
      </Button>
    </div>
  );
}

/**
 * Resource search (`/mobile/search`): keyword, resource type, sort, filters (campus, building,
 * floor from the code tables, capacity, approval) and a time filter. The state lives in the
 * URL, so going to a venue and back restores the list and its scroll position.
 */
export default function ResourceSearch() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => searchStateOf(params), [params]);
  const [keyword, setKeyword] = useState(state.keyword);
  const [draft, setDraft] = useState<SearchState>(state);
  const [panel, setPanel] = useState<Panel | null>(null);
  const types = useResourcesTypeAllByAccount();
  const codes = useFindCodeItemsAll({ code: 'yy_' });
  const list = useResourcesAllByAccount(searchVariables(state, lang));
  const shown = useMemo(() => withCapacity(list.data ?? [], state.minCapacity), [list.data, state.minCapacity]);
  const today = todayIso();

  useEffect(() => setDraft(state), [state]);
  useEffect(() => setKeyword(state.keyword), [state.keyword]);

  const toggle = (next: Panel) => {
    setDraft(state);
    setPanel(panel === next ? null : next);
  };

  const apply = (next: Partial<SearchState>) => {
    setParams(searchParamsOf({ ...state, ...next }), { replace: true });
    setPanel(null);
  };

  // Keep-alive: remember the scroll position of this search, restore it once the list shows.
  const search = params.toString();
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || !list.data) return;
    restored.current = true;
    const y = Number(window.sessionStorage.getItem(scrollKey(search)) ?? 0);
    if (y > 0) window.scrollTo(0, y);
  }, [list.data, search]);
  useEffect(() => {
    const save = () => window.sessionStorage.setItem(scrollKey(search), String(window.scrollY));
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [search]);

  const items = codes.data ?? [];
  const campuses = items.filter((i) => i.code === 'yy_campus');
  const buildings = items.filter(
    (i) => i.code === 'yy_building' && !isRootItem(i) && (!draft.campus || i.item_parent === draft.campus),
  );
  const floors = items.filter((i) => i.code === 'yy_floor');
  const option = (i: { item_code: string; item_name: string; item_name_en: string }) => ({
    label: pick(i.item_name, i.item_name_en),
    value: i.item_code,
  });
  const one = (v: string[]) => v[0] ?? '';
  const filters = activeFilterCount(state);
  const timeSet = hasTimeFilter(state);
  const dateChoices = Array.from({ length: 14 }, (_, i) => addDays(today, i));

  return (
    <div className="yy-m-page yy-m-search">
      <PageNav title={t('route.mobile.search')} fallback={mobilePaths.home} />
      <div className="yy-m-search-bar">
        <SearchBar
          placeholder={t('booking.search.placeholder')}
          value={keyword}
          onChange={setKeyword}
          onSearch={(v) => apply({ keyword: v.trim() })}
          onClear={() => apply({ keyword: '' })}
        />
      </div>
      <div className="yy-m-type-chips" role="tablist" aria-label={t('booking.search.types')}>
        {[
          { id: '', name: t('booking.search.allTypes') },
          ...(types.data ?? []).map((ty) => ({
            id: ty.id,
            name: pick(ty.resources_name, ty.resources_name_en),
          })),
        ].map((ty) => (
          <button
            key={ty.id || 'all'}
            type="button"
            role="tab"
            aria-selected={state.typeId === ty.id}
            className={state.typeId === ty.id ? 'yy-m-chip yy-m-chip-on' : 'yy-m-chip'}
            onClick={() => apply({ typeId: ty.id })}
          >
            {ty.name}
          </button>
        ))}
      </div>
      <div className="yy-m-toolbar-wrap">
        <div className="yy-m-toolbar">
          <ToolbarButton
            label={t(`booking.search.sort.${state.sort}`)}
            open={panel === 'sort'}
            active={state.sort !== 'default'}
            onClick={() => toggle('sort')}
          />
          <ToolbarButton
            label={filters ? t('booking.search.filtersN', { n: filters }) : t('booking.search.filters')}
            open={panel === 'filter'}
            active={filters > 0}
            onClick={() => toggle('filter')}
          />
          <ToolbarButton
            label={timeSet ? `${state.start}-${state.end}` : t('booking.search.time')}
            open={panel === 'time'}
            active={timeSet || Boolean(state.date)}
            onClick={() => toggle('time')}
          />
        </div>
        {panel && (
          <>
            <div className="yy-m-toolbar-mask" aria-hidden onClick={() => setPanel(null)} />
            <div className="yy-m-toolbar-panel" role="region" aria-label={t(`booking.search.panel.${panel}`)}>
              {panel === 'sort' && (
                <>
                  <CheckList value={[state.sort]} onChange={(v) => v[0] && apply({ sort: v[0] as SearchSort })}>
                    {(Object.keys(SEARCH_SORTS) as SearchSort[]).map((s) => (
                      <CheckList.Item key={s} value={s}>
                        {t(`booking.search.sort.${s}`)}
                      </CheckList.Item>
                    ))}
                  </CheckList>
                </>
              )}
              {panel === 'filter' && (
                <>
                  <div className="yy-m-filter-panel">
                    <h3>{t('booking.search.campus')}</h3>
                    <Selector
                      columns={3}
                      options={campuses.map(option)}
                      value={draft.campus ? [draft.campus] : []}
                      onChange={(v) => setDraft({ ...draft, campus: one(v), building: '' })}
                    />
                    <h3>{t('booking.search.building')}</h3>
                    {buildings.length ? (
                      <Selector
                        columns={3}
                        options={buildings.map(option)}
                        value={draft.building ? [draft.building] : []}
                        onChange={(v) => setDraft({ ...draft, building: one(v) })}
                      />
                    ) : (
                      <p className="yy-m-muted">{t('booking.search.noBuildings')}</p>
                    )}
                    <h3>{t('booking.search.floor')}</h3>
                    <Selector
                      columns={4}
                      options={floors.map(option)}
                      value={draft.floor ? [draft.floor] : []}
                      onChange={(v) => setDraft({ ...draft, floor: one(v) })}
                    />
                    <h3>{t('booking.search.capacity')}</h3>
                    <Selector
                      columns={4}
                      options={CAPACITY_CHOICES.map((n) => ({ label: t('booking.search.atLeast', { n }), value: n }))}
                      value={draft.minCapacity ? [draft.minCapacity] : []}
                      onChange={(v) => setDraft({ ...draft, minCapacity: one(v) })}
                    />
                    <h3>{t('booking.search.approval')}</h3>
                    <Selector
                      columns={2}
                      options={[
                        { label: t('booking.search.approvalYes'), value: '1' },
                        { label: t('booking.search.approvalNo'), value: '0' },
                      ]}
                      value={draft.approval ? [draft.approval] : []}
                      onChange={(v) => setDraft({ ...draft, approval: one(v) })}
                    />
                  </div>
                  <FilterActions
                    onReset={() => apply({ campus: '', building: '', floor: '', minCapacity: '', approval: '' })}
                    onApply={() =>
                      apply({
                        campus: draft.campus,
                        building: draft.building,
                        floor: draft.floor,
                        minCapacity: draft.minCapacity,
                        approval: draft.approval,
                      })
                    }
                  />
                </>
              )}
              {panel === 'time' && (
                <>
                  <div className="yy-m-filter-panel">
                    <h3>{t('booking.search.date')}</h3>
                    <Selector
                      columns={4}
                      options={dateChoices.map((d, i) => ({
                        label: i === 0 ? t('booking.today') : d.slice(5),
                        value: d,
                      }))}
                      value={[draft.date || today]}
                      onChange={(v) => setDraft({ ...draft, date: one(v) })}
                    />
                    <h3>{t('booking.search.from')}</h3>
                    <select
                      className="yy-m-select"
                      aria-label={t('booking.search.from')}
                      value={draft.start}
                      onChange={(e) => setDraft({ ...draft, start: e.target.value })}
                    >
                      <option value="">{t('booking.search.anyTime')}</option>
                      {TIME_CHOICES.slice(0, -1).map((v) => (
                        <option key={v} value={v}>
                          {v}
                        </option>
                      ))}
                    </select>
                    <h3>{t('booking.search.to')}</h3>
                    <select
                      className="yy-m-select"
                      aria-label={t('booking.search.to')}
                      value={draft.end}
                      onChange={(e) => setDraft({ ...draft, end: e.target.value })}
                    >
                      <option value="">{t('booking.search.anyTime')}</option>
                      {TIME_CHOICES.slice(1).map((v) => (
                        <option key={v} value={v} disabled={Boolean(draft.start) && v <= draft.start}>
                          {v}
                        </option>
                      ))}
                    </select>
                    {draft.start && draft.end && !hasTimeFilter(draft) && (
                      <p className="yy-m-error-text">{t('booking.search.timeInvalid')}</p>
                    )}
                  </div>
                  <FilterActions
                    onReset={() => apply({ date: '', start: '', end: '' })}
                    onApply={() =>
                      hasTimeFilter(draft) || (!draft.start && !draft.end)
                        ? apply({ date: draft.date === today ? '' : draft.date, start: draft.start, end: draft.end })
                        : undefined
                    }
                  />
                </>
              )}
            </div>
          </>
        )}
      </div>

      <section className="yy-m-res-list" aria-label={t('booking.search.results')} aria-busy={list.isFetching}>
        {list.isPending ? (
          <div className="yy-m-card">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : list.error ? (
          <LoadFailed error={list.error} onRetry={() => void list.refetch()} />
        ) : shown.length === 0 ? (
          <Empty
            title={t('booking.search.empty')}
            description={state === emptySearch ? '' : t('booking.search.emptyHint')}
          />
        ) : (
          <>
            <p className="yy-m-muted yy-m-count">{t('booking.search.count', { n: shown.length })}</p>
            {shown.map((r) => (
              <ResourceCard key={r.id} resource={r} />
            ))}
          </>
        )}
      </section>
    </div>
  );
}
