import { memo, useCallback, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../../lib/i18n.ts';
import { BallotIcon } from '../../../../features/booking/Ballot.tsx';
import { slotLook } from '../../../../features/booking/slots.ts';
import {
  describeCell,
  gridColumns,
  slotsByColumn,
  type CellTexts,
  type GridColumn,
  type GridSelection,
  type SlotAvailability,
} from './gridModel.ts';
import { useCellTexts } from './useCellTexts.ts';
import './time-grid.css';

/** A resource row of the grid. slots undefined: still loading; error: its availability failed. */
export interface TimeGridRow {
  id: string;
  name: string;
  /** A second line under the name (location, capacity). */
  detail?: string;
  /** Free-time resource (no fixed slots): the row offers a button instead of cells. */
  freeTime: boolean;
  slots?: readonly SlotAvailability[];
  error?: string;
  /**
   * Released by ballot (docs/GLOSSARY.md "Ballot"): the collection window's minutes. The row
   * says so with text and icon; the booking dialog tells the date's phase.
   */
  ballotMinutes?: number;
}

export interface TimeGridProps {
  rows: readonly TimeGridRow[];
  selection: GridSelection;
  /** An available cell was clicked (or Enter/Space on it). */
  onToggle: (resourceId: string, slotId: string) => void;
  /** The resource name was clicked: show its details. */
  onOpenResource: (resourceId: string) => void;
  /** A free-time resource's row button: book it choosing a period. */
  onFreeTime: (resourceId: string) => void;
  /** Accessible name of the grid. */
  label: string;
}

const NO_IDS: readonly string[] = [];

interface ShortTexts {
  available: string;
  mine: string;
  taken: string;
  full: string;
  closed: string;
  notOpen: string;
  selected: string;
  none: string;
  loading: string;
  freeTime: string;
  freeTimeAction: string;
  ballot: string;
  ballotTip: (minutes: number) => string;
}

interface RowProps {
  row: TimeGridRow;
  columns: readonly GridColumn[];
  selectedIds: readonly string[];
  texts: CellTexts;
  short: ShortTexts;
  lang: 'zh' | 'en';
}

function shortText(slot: SlotAvailability, short: ShortTexts, selected: boolean): string {
  if (selected) return short.selected;
  switch (slotLook(slot, false)) {
    case 'available':
      return slot.capacity > 1 ? String(slot.remaining) : short.available;
    case 'mine':
      return short.mine;
    case 'taken':
      return slot.state === 'full' ? short.full : short.taken;
    default:
      return slot.rule === 'not_open' ? short.notOpen : short.closed;
  }
}

/** One resource's row; re-renders only when its own data or selection changes. */
const GridRow = memo(function GridRow({ row, columns, selectedIds, texts, short, lang }: RowProps) {
  const head = (
    <th scope="row" className="yy-tg-resource">
      <button type="button" className="yy-tg-name" data-action="detail" data-r={row.id}>
        {row.name}
      </button>
      {row.detail ? <span className="yy-tg-detail">{row.detail}</span> : null}
      {row.ballotMinutes ? (
        <span className="yy-tg-ballot" data-tip={short.ballotTip(row.ballotMinutes)}>
          <BallotIcon />
          {short.ballot}
        </span>
      ) : null}
    </th>
  );
  if (row.freeTime) {
    return (
      <tr>
        {head}
        <td colSpan={Math.max(columns.length, 1)} className="yy-tg-free">
          <span>{short.freeTime}</span>
          <button type="button" className="yy-tg-free-action" data-action="free" data-r={row.id}>
            {short.freeTimeAction}
          </button>
        </td>
      </tr>
    );
  }
  if (!row.slots || row.error) {
    return (
      <tr>
        {head}
        <td colSpan={Math.max(columns.length, 1)} className={row.error ? 'yy-tg-row-error' : 'yy-tg-row-loading'}>
          {row.error ?? short.loading}
        </td>
      </tr>
    );
  }
  const byColumn = slotsByColumn(row.slots);
  return (
    <tr>
      {head}
      {columns.map((col) => {
        const slot = byColumn.get(col.key);
        if (!slot) {
          return (
            <td key={col.key} className="yy-tg-cell yy-tg-none" aria-label={`${col.kssj}–${col.jssj} · ${short.none}`}>
              –
            </td>
          );
        }
        const state = slotLook(slot, false);
        const selected = state === 'available' && selectedIds.includes(slot.id);
        const tip = describeCell(slot, texts, lang);
        return (
          <td
            key={col.key}
            role="gridcell"
            className={`yy-tg-cell yy-tg-${state}${selected ? ' yy-tg-selected' : ''}`}
            data-r={row.id}
            data-s={state === 'available' ? slot.id : undefined}
            data-tip={tip}
            aria-label={`${row.name} ${tip}`}
            aria-selected={state === 'available' ? selected : undefined}
            aria-disabled={state === 'available' ? undefined : true}
            tabIndex={state === 'available' ? 0 : -1}
          >
            {shortText(slot, short, selected)}
          </td>
        );
      })}
    </tr>
  );
});

/**
 * Resources (rows) by slots (columns) for one date. Plain table cells and memoised rows; one
 * delegated handler for clicks and keys, and one tooltip element moved by hand, so a grid of a
 * hundred resources by a dozen slots renders quickly (bench/time-grid.mjs).
 */
export function TimeGrid({ rows, selection, onToggle, onOpenResource, onFreeTime, label }: TimeGridProps) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const tipRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);

  // Timing for bench/time-grid.mjs: the render that got new rows, its commit and the next paint.
  useMemo(() => mark('render'), [rows]);
  useLayoutEffect(() => {
    mark('commit');
    const frame = requestAnimationFrame(() => setTimeout(() => mark('paint'), 0));
    return () => cancelAnimationFrame(frame);
  }, [rows]);

  const columns = useMemo(() => gridColumns(rows.map((r) => r.slots ?? NO_SLOTS)), [rows]);
  const texts = useCellTexts();
  const short = useMemo<ShortTexts>(
    () => ({
      available: t('pcBooking.grid.short.available'),
      mine: t('pcBooking.grid.short.mine'),
      taken: t('pcBooking.grid.short.taken'),
      full: t('pcBooking.grid.short.full'),
      closed: t('pcBooking.grid.short.closed'),
      notOpen: t('pcBooking.grid.short.notOpen'),
      selected: t('pcBooking.grid.short.selected'),
      none: t('pcBooking.grid.noSlot'),
      loading: t('pcBooking.grid.rowLoading'),
      freeTime: t('pcBooking.grid.freeTime'),
      freeTimeAction: t('pcBooking.grid.freeTimeAction'),
      ballot: t('pcBooking.grid.ballot'),
      ballotTip: (n) => t('pcBooking.grid.ballotTip', { n }),
    }),
    [t],
  );

  const act = useCallback(
    (target: HTMLElement) => {
      const action = target.closest<HTMLElement>('[data-action]');
      if (action?.dataset.r) {
        if (action.dataset.action === 'detail') onOpenResource(action.dataset.r);
        else onFreeTime(action.dataset.r);
        return;
      }
      const cell = target.closest<HTMLElement>('td[data-s]');
      if (cell?.dataset.r && cell.dataset.s) onToggle(cell.dataset.r, cell.dataset.s);
    },
    [onToggle, onOpenResource, onFreeTime],
  );
  const onClick = (e: MouseEvent<HTMLTableElement>) => act(e.target as HTMLElement);
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const el = e.target as HTMLElement;
    if ((e.key === 'Enter' || e.key === ' ') && el.matches('td[data-s]')) {
      e.preventDefault();
      act(el);
    }
  };

  const showTip = (target: EventTarget | null) => {
    const tip = tipRef.current;
    const wrap = wrapRef.current;
    const cell = target instanceof HTMLElement ? target.closest<HTMLElement>('[data-tip]') : null;
    if (!tip || !wrap) return;
    if (!cell) {
      tip.hidden = true;
      return;
    }
    const box = cell.getBoundingClientRect();
    tip.textContent = cell.dataset.tip ?? '';
    tip.hidden = false;
    const width = tip.offsetWidth;
    const left = Math.min(Math.max(8, box.left + box.width / 2 - width / 2), window.innerWidth - width - 8);
    tip.style.left = `${left}px`;
    tip.style.top = `${Math.max(8, box.top - tip.offsetHeight - 6)}px`;
  };
  const hideTip = () => {
    if (tipRef.current) tipRef.current.hidden = true;
  };

  return (
    <div className="yy-tg-wrap" ref={wrapRef} onScroll={hideTip}>
      <table
        className="yy-tg"
        role="grid"
        aria-label={label}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onMouseOver={(e) => showTip(e.target)}
        onMouseLeave={hideTip}
        onFocus={(e) => showTip(e.target)}
        onBlur={hideTip}
      >
        <thead>
          <tr>
            <th scope="col" className="yy-tg-corner">
              {t('pcBooking.grid.resource')}
            </th>
            {columns.map((c) => (
              <th scope="col" key={c.key} className="yy-tg-col">
                <span>{c.kssj}</span>
                <span className="yy-tg-col-end">{c.jssj}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <GridRow
              key={row.id}
              row={row}
              columns={columns}
              selectedIds={selection.resourceId === row.id ? selection.slotIds : NO_IDS}
              texts={texts}
              short={short}
              lang={lang}
            />
          ))}
        </tbody>
      </table>
      <div className="yy-tg-tip" role="tooltip" ref={tipRef} hidden />
    </div>
  );
}

const NO_SLOTS: readonly SlotAvailability[] = [];

/** Keeps only the latest mark of each name (performance.getEntriesByName('yy-time-grid:paint')). */
function mark(name: 'render' | 'commit' | 'paint') {
  performance.clearMarks(`yy-time-grid:${name}`);
  performance.mark(`yy-time-grid:${name}`);
}

/** What the cell colours mean, and the ballot's mark when a resource shown is released by ballot. */
export function TimeGridLegend({ ballot = false }: { ballot?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="yy-tg-legend" aria-label={t('pcBooking.grid.legend')}>
      {(['available', 'selected', 'mine', 'taken', 'unavailable'] as const).map((s) => (
        <span key={s}>
          <i className={`yy-tg-${s}`} aria-hidden />
          {t(`pcBooking.grid.legendItem.${s}`)}
        </span>
      ))}
      {ballot ? (
        <span className="yy-tg-legend-ballot">
          <BallotIcon />
          {t('pcBooking.grid.legendItem.ballot')}
        </span>
      ) : null}
    </div>
  );
}
