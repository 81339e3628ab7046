import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';

interface SortableListProps {
  /** The keys of the items, in order. */
  ids: string[];
  /** The name a screen reader hears for an item while it is dragged. */
  nameOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/** What a screen reader hears while an item is lifted, moved and dropped: names and positions, not keys. */
function announcements(ids: string[], nameOf: (id: string) => string): Announcements {
  const name = (id: string | number) => nameOf(String(id));
  const where = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return `${name(id)} (position ${index + 1} of ${ids.length})`;
  };
  const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  return {
    onDragStart: ({ active }) => sentence(`picked up ${name(active.id)}`),
    onDragOver: ({ active, over }) =>
      sentence(over ? `${name(active.id)} is over ${where(over.id)}` : `${name(active.id)} is over no item`),
    onDragEnd: ({ active, over }) =>
      sentence(
        over ? `${name(active.id)} was dropped at ${where(over.id)}` : `${name(active.id)} was dropped`,
      ),
    onDragCancel: ({ active }) => sentence(`moving ${name(active.id)} was cancelled`),
  };
}

/**
 * A vertical list reordered by dragging a handle, with the pointer or the keyboard (Space to lift, arrows
 * to move, Space to drop). Lists nest: each has its own context.
 */
export function SortableList({ ids, nameOf, onMove, children }: SortableListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so that a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements: announcements(ids, nameOf) }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
