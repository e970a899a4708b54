import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Button, Checkbox, Popover } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canHide, type ColumnSetting } from './columnSettings.ts';

export interface ColumnSettingsPanelProps {
  settings: ColumnSetting[];
  /** The title of each column, by key. */
  titles: Map<string, ReactNode>;
  /** Plain-text names of the columns, for announcements and labels. */
  names: Map<string, string>;
  customised: boolean;
  onMove: (from: string, to: string) => void;
  onStep: (key: string, step: -1 | 1) => void;
  onVisible: (key: string, visible: boolean) => void;
  onReset: () => void;
}

function Row({
  setting,
  index,
  count,
  title,
  name,
  hideable,
  onStep,
  onVisible,
}: {
  setting: ColumnSetting;
  index: number;
  count: number;
  title: ReactNode;
  name: string;
  hideable: boolean;
  onStep: (key: string, step: -1 | 1) => void;
  onVisible: (key: string, visible: boolean) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: setting.key,
  });
  const style = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <li ref={setNodeRef} style={style} className={`yy-colset-row${isDragging ? ' is-dragging' : ''}`}>
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="yy-colset-handle"
        {...attributes}
        {...listeners}
        aria-label={t('dataTable.dragColumn', { name })}
      >
        <HolderOutlined />
      </button>
      <Checkbox
        className="yy-colset-check"
        checked={setting.visible}
        disabled={setting.visible && !hideable}
        onChange={(e) => onVisible(setting.key, e.target.checked)}
      >
        {title}
      </Checkbox>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        aria-label={t('dataTable.moveUp', { name })}
        onClick={() => onStep(setting.key, -1)}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        aria-label={t('dataTable.moveDown', { name })}
        onClick={() => onStep(setting.key, 1)}
      />
    </li>
  );
}

/**
 * The column panel of a data table (spec 2.6): drag a row (pointer, or keyboard: space, arrows,
 * space) or use the up/down buttons to reorder, tick to show or hide, reset to the defaults.
 */
export function ColumnSettingsPanel(props: ColumnSettingsPanelProps) {
  const { settings, titles, names, customised, onMove, onStep, onVisible, onReset } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => names.get(String(id)) ?? String(id);
  const end = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

  const content = (
    <div className="yy-colset" role="group" aria-labelledby={headingId}>
      <div className="yy-colset-head">
        <span id={headingId} className="yy-colset-title">
          {t('dataTable.columnSettings')}
        </span>
        <Button type="link" size="small" disabled={!customised} onClick={onReset}>
          {t('dataTable.reset')}
        </Button>
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={end}
        accessibility={{
          screenReaderInstructions: { draggable: t('dataTable.dragInstructions') },
          announcements: {
            onDragStart: ({ active }) => t('dataTable.dragStart', { name: nameOf(active.id) }),
            onDragOver: ({ active, over }) =>
              over ? t('dataTable.dragOver', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
            onDragEnd: ({ active, over }) =>
              over ? t('dataTable.dragEnd', { name: nameOf(active.id), target: nameOf(over.id) }) : undefined,
            onDragCancel: ({ active }) => t('dataTable.dragCancel', { name: nameOf(active.id) }),
          },
        }}
      >
        <SortableContext items={settings.map((s) => s.key)} strategy={verticalListSortingStrategy}>
          <ul className="yy-colset-list">
            {settings.map((s, index) => (
              <Row
                key={s.key}
                setting={s}
                index={index}
                count={settings.length}
                title={titles.get(s.key)}
                name={nameOf(s.key)}
                hideable={canHide(settings, s.key)}
                onStep={onStep}
                onVisible={onVisible}
              />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Button icon={<SettingOutlined />} aria-expanded={open} aria-haspopup="dialog">
        {t('dataTable.columnSettings')}
      </Button>
    </Popover>
  );
}
