import { ReloadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Input,
  InputNumber,
  Pagination,
  Radio,
  Result,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useBallotReleases } from '../../../../features/booking/api/findBallotSettings.ts';
import { useResourcesAllByAccount } from '../../../../features/booking/api/findResourcesAllByAccount.ts';
import { errorText } from '../../../../features/booking/result.ts';
import type { BookableResource } from '../../../../features/booking/types.ts';
import type { CodeItem } from '../../../../features/code-tables/api/types.ts';
import { useResourcesTypeAllByAccount } from '../../../../features/resource-types/api/findResourcesTypeAllByAccount.ts';
import { currentLanguage, pick } from '../../../../lib/i18n.ts';
import { useBuildings, useCampuses, useFloors } from '../../../manage/pages/resources/list/LocationFields.tsx';
import { addDays, shortOpening, todayIso } from '../../../../features/booking/dates.ts';
import { BookingDialog } from '../../booking/dialog/BookingDialog.tsx';
import { ResourceDetailDialog, locationOf } from '../../booking/ResourceDetail.tsx';
import {
  EMPTY_SELECTION,
  pruneSelection,
  toggleSelection,
  type GridSelection,
} from '../../booking/timeGrid/gridModel.ts';
import { TimeGrid, TimeGridLegend, type TimeGridRow } from '../../booking/timeGrid/TimeGrid.tsx';
import { useTypeAvailability } from '../../booking/typeAvailability.ts';
import './resource-query.css';

/** Rows per page of the grid. */
export const GRID_PAGE_SIZE = 100;

interface Filters {
  campus: string;
  building: string;
  floor: string;
  /** '' any, '1' needs approval, '0' does not. */
  approval: string;
  keyword: string;
  minCapacity: number | null;
}

const NO_FILTERS: Filters = { campus: '', building: '', floor: '', approval: '', keyword: '', minCapacity: null };

type Option = { value: string; label: string };

/** Code-table items as options; when a table is empty, the values the listed resources carry. */
function optionsOf(
  items: readonly CodeItem[],
  resources: readonly BookableResource[],
  code: (r: BookableResource) => string,
  name: (r: BookableResource) => string,
): Option[] {
  if (items.length) return items.map((i) => ({ value: i.item_code, label: pick(i.item_name, i.item_name_en) }));
  const seen = new Map<string, string>();
  for (const r of resources) if (code(r) && !seen.has(code(r))) seen.set(code(r), name(r) || code(r));
  return [...seen].map(([value, label]) => ({ value, label }));
}

/**
 * Resource query of a type (`/pc/resources/:id/list`, spec 2.2): filters and a time grid of
 * its resources by their slots on a date. Available cells are picked and booked through the
 * booking dialog; a resource's name opens its details.
 */
export default function ResourceQuery() {
  const { t } = useTranslation();
  const { id: typeId = '' } = useParams();
  const today = todayIso();
  const types = useResourcesTypeAllByAccount();
  const type = types.data?.find((ty) => ty.id === typeId);
  const [date, setDate] = useState(today);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<GridSelection>(EMPTY_SELECTION);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [booking, setBooking] = useState<{ resourceId: string; slotIds: readonly string[] } | null>(null);

  const campuses = useCampuses();
  const buildings = useBuildings(filters.campus || undefined);
  const floors = useFloors(filters.building || undefined);

  const resources = useResourcesAllByAccount(
    {
      typeId,
      bookDate: date,
      resourceName: filters.keyword,
      cur_language: currentLanguage(),
      first: 500,
      offset: 0,
      filter: {
        campus_code: { eq: filters.campus },
        building_code: { eq: filters.building },
        floor_code: { eq: filters.floor },
        need_approve: { eq: filters.approval },
      },
    },
    Boolean(typeId),
  );
  const listed = useMemo(
    () =>
      (resources.data ?? []).filter((r) => filters.minCapacity === null || (r.capacity ?? 0) >= filters.minCapacity),
    [resources.data, filters.minCapacity],
  );
  const pageRows = useMemo(() => listed.slice((page - 1) * GRID_PAGE_SIZE, page * GRID_PAGE_SIZE), [listed, page]);
  const fixedIds = useMemo(() => pageRows.filter((r) => r.time_slot_rule !== '2').map((r) => r.id), [pageRows]);
  const availability = useTypeAvailability(typeId, fixedIds, date, t('pcBooking.grid.rowMissing'));
  // the page's resources released by ballot, in one query (the dialog tells a date's phase)
  const pageIds = useMemo(() => pageRows.map((r) => r.id), [pageRows]);
  const ballot = useBallotReleases(pageIds).data;
  // Not open yet, by the server's word on each slot (its opens_at, by the rule it refuses by): the whole date, or
  // some resources of it (their rules differ), with the earliest opening.
  const notOpen = useMemo(() => {
    const all = [...(availability.data?.values() ?? [])].flatMap((r) => r.slots ?? []);
    const shut = all.filter((s) => s.rule === 'not_open' && s.opens_at);
    if (!shut.length) return null;
    return { all: shut.length === all.length, opensAt: shut.map((s) => s.opens_at.slice(0, 16)).sort()[0]! };
  }, [availability.data]);

  const rows = useMemo<TimeGridRow[]>(
    () =>
      pageRows.map((r) => {
        const found = availability.data?.get(r.id);
        const capacity = r.capacity ? t('pcBooking.query.capacityShort', { n: r.capacity }) : '';
        return {
          id: r.id,
          name: pick(r.resources_name, r.resources_name_en),
          detail: [locationOf(r), capacity].filter(Boolean).join(' · '),
          freeTime: r.time_slot_rule === '2',
          slots: found?.slots,
          error: found?.error ?? (availability.error ? errorText(availability.error) : undefined),
          ballotMinutes: ballot?.get(r.id),
        };
      }),
    [pageRows, availability.data, availability.error, ballot, t],
  );

  // A reload (after a booking, another date) drops picks that are no longer available.
  useEffect(() => {
    const data = availability.data;
    if (data) setSelection((s) => pruneSelection(s, (id) => data.get(id)?.slots));
  }, [availability.data]);

  const onToggle = useCallback((resourceId: string, slotId: string) => {
    setSelection((s) => toggleSelection(s, resourceId, slotId));
  }, []);
  const onOpenResource = useCallback((resourceId: string) => setDetailId(resourceId), []);
  const onFreeTime = useCallback((resourceId: string) => setBooking({ resourceId, slotIds: [] }), []);

  const change = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
    setSelection(EMPTY_SELECTION);
  };
  const setDay = (d: string) => {
    setDate(d);
    setSelection(EMPTY_SELECTION);
  };

  const all = resources.data ?? [];
  const campusOptions = optionsOf(
    campuses.items,
    all,
    (r) => r.campus_code,
    (r) => pick(r.campus_name, r.campus_name_en),
  );
  const buildingOptions = optionsOf(
    buildings.items,
    all.filter((r) => !filters.campus || r.campus_code === filters.campus),
    (r) => r.building_code,
    (r) => pick(r.building_name, r.building_name_en),
  );
  const floorOptions = optionsOf(
    floors.items,
    all,
    (r) => r.floor_code,
    (r) => pick(r.floor_name, r.floor_name_en),
  );
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const selectedRow = rows.find((r) => r.id === selection.resourceId);
  const selectedTimes = selectedRow?.slots
    ?.filter((s) => selection.slotIds.includes(s.id))
    .map((s) => `${s.kssj}–${s.jssj}`)
    .sort()
    .join(t('pcBooking.listSeparator'));

  if (types.data && !type) {
    return (
      <Card>
        <Result
          status="404"
          title={t('pcBooking.query.typeNotFound')}
          subTitle={t('pcBooking.query.typeNotFoundHint')}
        />
      </Card>
    );
  }

  return (
    <div className="yy-pc-query">
      <Card
        variant="borderless"
        title={
          <Space>
            <h1 className="yy-pc-query-title">
              {type ? pick(type.resources_name, type.resources_name_en) : t('route.pc.resourceList')}
            </h1>
            {type && pick(type.resources_tag, type.resources_tag_en) ? (
              <Tag>{pick(type.resources_tag, type.resources_tag_en)}</Tag>
            ) : null}
          </Space>
        }
      >
        <div className="yy-pc-query-filters" role="search">
          <Space wrap size={[12, 12]}>
            <Radio.Group
              optionType="button"
              value={[today, addDays(today, 1), addDays(today, 2)].includes(date) ? date : ''}
              onChange={(e) => setDay(e.target.value as string)}
              options={[
                { value: today, label: t('pcBooking.query.today') },
                { value: addDays(today, 1), label: t('pcBooking.query.tomorrow') },
                { value: addDays(today, 2), label: t('pcBooking.query.dayAfter') },
              ]}
            />
            <DatePicker
              aria-label={t('pcBooking.query.date')}
              value={dayjs(date)}
              allowClear={false}
              disabledDate={(d) => d.format('YYYY-MM-DD') < today}
              onChange={(d) => d && setDay(d.format('YYYY-MM-DD'))}
            />
            <Input.Search
              allowClear
              aria-label={t('pcBooking.query.keyword')}
              placeholder={t('pcBooking.query.keyword')}
              value={keyword}
              onChange={(e) => {
                setKeyword(e.target.value);
                if (!e.target.value) change({ keyword: '' });
              }}
              onSearch={(v) => change({ keyword: v.trim() })}
              style={{ width: 220 }}
            />
          </Space>
          <Space wrap size={[12, 12]}>
            <Select
              allowClear
              aria-label={t('pcBooking.query.campus')}
              placeholder={t('pcBooking.query.campus')}
              style={{ width: 150 }}
              value={filters.campus || undefined}
              options={campusOptions}
              onChange={(v?: string) => change({ campus: v ?? '', building: '' })}
            />
            <Select
              allowClear
              aria-label={t('pcBooking.query.building')}
              placeholder={t('pcBooking.query.building')}
              style={{ width: 150 }}
              value={filters.building || undefined}
              options={buildingOptions}
              onChange={(v?: string) => change({ building: v ?? '' })}
            />
            <Select
              allowClear
              aria-label={t('pcBooking.query.floor')}
              placeholder={t('pcBooking.query.floor')}
              style={{ width: 130 }}
              value={filters.floor || undefined}
              options={floorOptions}
              onChange={(v?: string) => change({ floor: v ?? '' })}
            />
            <InputNumber
              aria-label={t('pcBooking.query.minCapacity')}
              placeholder={t('pcBooking.query.minCapacity')}
              min={1}
              max={100000}
              precision={0}
              style={{ width: 150 }}
              value={filters.minCapacity}
              onChange={(v) => change({ minCapacity: typeof v === 'number' ? v : null })}
            />
            <Select
              aria-label={t('pcBooking.query.approval')}
              style={{ width: 150 }}
              value={filters.approval}
              onChange={(v: string) => change({ approval: v })}
              options={[
                { value: '', label: t('pcBooking.query.approvalAny') },
                { value: '1', label: t('pcBooking.query.approvalYes') },
                { value: '0', label: t('pcBooking.query.approvalNo') },
              ]}
            />
            <Button
              icon={<ReloadOutlined />}
              disabled={!filtered}
              onClick={() => {
                setKeyword('');
                change(NO_FILTERS);
              }}
            >
              {t('pcBooking.query.reset')}
            </Button>
          </Space>
        </div>
      </Card>

      <Card variant="borderless" className="yy-pc-query-grid-card">
        <div className="yy-pc-query-bar">
          <TimeGridLegend ballot={rows.some((r) => r.ballotMinutes)} />
          <div className="yy-pc-query-selection" aria-live="polite">
            {selectedRow ? (
              <>
                <Typography.Text>
                  {t('pcBooking.query.selected', { name: selectedRow.name, times: selectedTimes ?? '' })}
                </Typography.Text>
                <Button size="small" onClick={() => setSelection(EMPTY_SELECTION)}>
                  {t('pcBooking.query.clear')}
                </Button>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setBooking({ resourceId: selection.resourceId, slotIds: selection.slotIds })}
                >
                  {t('pcBooking.query.book')}
                </Button>
              </>
            ) : (
              <Typography.Text type="secondary">{t('pcBooking.query.pickHint')}</Typography.Text>
            )}
          </div>
        </div>
        {resources.isPending ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : resources.error ? (
          <Alert
            type="error"
            showIcon
            title={errorText(resources.error)}
            action={
              <Button size="small" onClick={() => void resources.refetch()}>
                {t('pcBooking.retry')}
              </Button>
            }
          />
        ) : listed.length === 0 ? (
          <Empty description={t(filtered ? 'pcBooking.query.noMatch' : 'pcBooking.query.noResources')}>
            {filtered ? (
              <Button
                onClick={() => {
                  setKeyword('');
                  change(NO_FILTERS);
                }}
              >
                {t('pcBooking.query.reset')}
              </Button>
            ) : null}
          </Empty>
        ) : (
          <>
            {notOpen ? (
              <Alert
                type="info"
                showIcon
                className="yy-pc-query-notopen"
                title={t(notOpen.all ? 'pcBooking.grid.notOpen' : 'pcBooking.grid.notOpenSome', {
                  date,
                  time: shortOpening(notOpen.opensAt, today),
                })}
              />
            ) : null}
            <TimeGrid
              rows={rows}
              selection={selection}
              onToggle={onToggle}
              onOpenResource={onOpenResource}
              onFreeTime={onFreeTime}
              label={t('pcBooking.grid.label', { date })}
            />
            <div className="yy-pc-query-footer">
              <Typography.Text type="secondary">{t('pcBooking.query.total', { n: listed.length })}</Typography.Text>
              {listed.length > GRID_PAGE_SIZE ? (
                <Pagination
                  size="small"
                  current={page}
                  pageSize={GRID_PAGE_SIZE}
                  total={listed.length}
                  showSizeChanger={false}
                  onChange={(p) => {
                    setPage(p);
                    setSelection(EMPTY_SELECTION);
                  }}
                />
              ) : null}
            </div>
          </>
        )}
      </Card>

      <ResourceDetailDialog
        resourceId={detailId}
        onClose={() => setDetailId(null)}
        onBook={(id) => {
          setDetailId(null);
          setBooking({ resourceId: id, slotIds: selection.resourceId === id ? selection.slotIds : [] });
        }}
      />
      {booking ? (
        <BookingDialog
          open
          resourceId={booking.resourceId}
          initialDate={date}
          initialSlotIds={booking.slotIds}
          onClose={() => {
            setBooking(null);
            setSelection(EMPTY_SELECTION);
          }}
        />
      ) : null}
    </div>
  );
}
