import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Box, type BoxProps, Group, Paper, Text } from '@mantine/core';
import { IconBan, IconFolder, IconLayoutList } from '@tabler/icons-react';
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import {
  canDrop,
  type Direction,
  dropPlace,
  favoriteCollisions,
  isOtherLevel,
  keyboardStep,
  TOP_END,
} from '../favorite-drag';
import { type FavoriteTree, findFolder, findItem, levelItems, placeOf } from '../favorite-tree';

/** What a drop target shows while a drag is over it. */
export interface DropCue {
  /** Whether the entry may go there; a refused drop changes nothing. */
  allowed: boolean;
  /** Whether it shows as a line above the target (the entry goes among the entries of another level). */
  line: boolean;
}

/** The entry being dragged, and the target it is over with what that target shows. */
const DragContext = createContext<{ active: string; over: string | null; cue: DropCue | null } | null>(null);

/** The look of a drop target: a line above it, or its whole row tinted; red where the drop is refused. */
function dropCueStyle(cue: DropCue | null): CSSProperties | undefined {
  if (!cue) return undefined;
  const color = cue.allowed ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-red-filled)';
  if (cue.line) return { boxShadow: `inset 0 2px 0 0 ${color}` };
  return {
    boxShadow: `inset 0 0 0 1px ${color}`,
    background: cue.allowed ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-red-light)',
    cursor: cue.allowed ? undefined : 'not-allowed',
  };
}

type CueBoxProps = BoxProps & { id: string; children: ReactNode; role?: string; 'aria-label'?: string };

/**
 * What shows an entry or a target during a drag: the dragged entry dimmed where it was, and the target it
 * is over marked (`data-drop` says whether the drop is allowed).
 */
export function DragCue({
  id,
  children,
  ref,
  ...props
}: CueBoxProps & { ref?: (node: HTMLElement | null) => void }) {
  const drag = useContext(DragContext);
  const cue = drag?.over === id ? drag.cue : null;
  return (
    <Box
      ref={ref}
      data-drop={cue ? (cue.allowed ? 'allowed' : 'refused') : undefined}
      {...props}
      style={{ borderRadius: 4, opacity: drag?.active === id ? 0.4 : undefined, ...dropCueStyle(cue) }}
    >
      {children}
    </Box>
  );
}

/** A drop target that is not an entry: a folder's row, an empty folder's text or the whole list. */
export function DropZone(props: CueBoxProps) {
  const { setNodeRef } = useDroppable({ id: props.id });
  return <DragCue ref={setNodeRef} {...props} />;
}

const DIRECTIONS: Partial<Record<string, Direction>> = {
  [KeyboardCode.Up]: 'up',
  [KeyboardCode.Down]: 'down',
  [KeyboardCode.Left]: 'left',
  [KeyboardCode.Right]: 'right',
};

/** How a screen reader names an entry or a target. */
function nameOf(tree: FavoriteTree, id: string): string {
  const item = findItem(tree, id);
  if (item) {
    return item.kind === 'view' ? `the favourite ${item.view.name}` : `the folder ${item.folder.name}`;
  }
  const place = dropPlace(tree, id);
  if (place?.level) return `the folder ${findFolder(tree, place.level)?.name ?? ''}`;
  return id === TOP_END ? 'the end of the top level' : id;
}

/** What a screen reader hears while an entry is lifted, moved and dropped: names, positions and refusals. */
function announcements(tree: FavoriteTree): Announcements {
  const name = (id: string | number) => nameOf(tree, String(id));
  const where = (id: string | number) => {
    const at = placeOf(tree, String(id));
    if (!at) return name(id);
    const size = levelItems(tree, at.level).length;
    const folder = at.level === null ? '' : ` in the folder ${findFolder(tree, at.level)?.name ?? ''}`;
    return `${name(id)} (position ${at.index + 1} of ${size}${folder})`;
  };
  const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  // A folder's row or an empty folder's text: the entry goes into that folder.
  const into = (id: string | number) =>
    !placeOf(tree, String(id)) && Boolean(dropPlace(tree, String(id))?.level);
  return {
    onDragStart: ({ active }) => sentence(`picked up ${name(active.id)}`),
    onDragOver: ({ active, over }) => {
      if (!over) return sentence(`${name(active.id)} is over no item`);
      const refused = canDrop(tree, String(active.id), String(over.id)) ? '' : ', where it cannot go';
      return sentence(
        into(over.id)
          ? `${name(active.id)} is over ${name(over.id)}${refused || ', to go into it'}`
          : `${name(active.id)} is over ${where(over.id)}${refused}`,
      );
    },
    onDragEnd: ({ active, over }) => {
      if (!over) return sentence(`${name(active.id)} was dropped`);
      if (!canDrop(tree, String(active.id), String(over.id))) {
        return sentence(`${name(active.id)} was not moved: it cannot go there`);
      }
      return sentence(
        into(over.id)
          ? `${name(active.id)} was moved into ${name(over.id)}`
          : `${name(active.id)} was dropped at ${where(over.id)}`,
      );
    },
    onDragCancel: ({ active }) => sentence(`moving ${name(active.id)} was cancelled`),
  };
}

interface FavoriteDragProps {
  tree: FavoriteTree;
  /** Whether a folder shows its entries. */
  isOpen: (folderId: string) => boolean;
  /** An entry (by its key) dropped on a target (see `dropItem`); not called for a drop where it was. */
  onDrop: (key: string, target: string) => void;
  children: ReactNode;
}

/**
 * The drag and drop of the favourites panel: one context for every level, so that an entry goes into
 * another folder or level as well as along its own. The pointer drags a grip; the keyboard lifts an entry
 * with Space, moves it with the arrows (up and down along a level, right into a folder, left out of it) and
 * drops it with Space. A refused drop (a folder into itself or too deep) shows on its target.
 */
export function FavoriteDrag({ tree, isOpen, onDrop, children }: FavoriteDragProps) {
  const [drag, setDrag] = useState<{ active: string; over: string | null } | null>(null);
  // Where the keyboard has taken the drag, and the latest tree and folders for the keyboard's steps.
  const keyboardTarget = useRef<string | null>(null);
  const latest = useRef({ tree, isOpen });
  latest.current = { tree, isOpen };

  const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
    const direction = DIRECTIONS[event.code];
    if (!direction || !context.active) return undefined;
    event.preventDefault();
    const from = keyboardTarget.current ?? String(context.active.id);
    const next = keyboardStep(latest.current.tree, latest.current.isOpen, from, direction);
    const rect = next ? context.droppableRects.get(next) : undefined;
    if (!next || !rect) return undefined;
    keyboardTarget.current = next;
    // Into a folder: a little to the right of its row, so that the move shows.
    const inside = placeOf(latest.current.tree, next) ? 0 : 16;
    return { x: rect.left + inside, y: rect.top + inside / 4 };
  };
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so that a click on the grip stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const collisionDetection = useMemo(() => favoriteCollisions(() => keyboardTarget.current), []);

  const start = ({ active }: DragStartEvent) => {
    keyboardTarget.current = null;
    setDrag({ active: String(active.id), over: null });
  };
  const over = ({ active, over: target }: DragOverEvent) =>
    setDrag({ active: String(active.id), over: target ? String(target.id) : null });
  const end = ({ active, over: target }: DragEndEvent) => {
    setDrag(null);
    keyboardTarget.current = null;
    if (target && target.id !== active.id) onDrop(String(active.id), String(target.id));
  };

  const shown = useMemo(
    () =>
      drag && {
        ...drag,
        cue:
          drag.over && drag.over !== drag.active
            ? {
                allowed: canDrop(tree, drag.active, drag.over),
                line: isOtherLevel(tree, drag.active, drag.over),
              }
            : null,
      },
    [drag, tree],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={start}
      onDragOver={over}
      onDragEnd={end}
      onDragCancel={() => {
        setDrag(null);
        keyboardTarget.current = null;
      }}
      accessibility={{
        announcements: announcements(tree),
        screenReaderInstructions: {
          draggable:
            'To pick up a favourite or a folder, press Space. While dragging, the up and down arrows move it along its level, the right arrow into a folder and the left arrow out of one. Press Space again to drop it, or Escape to cancel.',
        },
      }}
    >
      <DragContext.Provider value={shown}>{children}</DragContext.Provider>
      {createPortal(
        <DragOverlay dropAnimation={null}>
          {drag ? <DragPreview tree={tree} id={drag.active} allowed={shown?.cue?.allowed ?? true} /> : null}
        </DragOverlay>,
        document.body,
      )}
    </DndContext>
  );
}

/** The entry under the pointer while it is dragged. */
function DragPreview({ tree, id, allowed }: { tree: FavoriteTree; id: string; allowed: boolean }) {
  const item = findItem(tree, id);
  if (!item) return null;
  return (
    <Paper shadow="md" withBorder px={8} py={2} style={{ cursor: allowed ? 'grabbing' : 'not-allowed' }}>
      <Group gap={6} wrap="nowrap">
        {allowed ? null : <IconBan size={14} color="var(--mantine-color-red-filled)" aria-hidden />}
        {item.kind === 'view' ? <IconLayoutList size={14} /> : <IconFolder size={14} />}
        <Text size="sm" fw={item.kind === 'folder' ? 500 : undefined} truncate="end">
          {item.kind === 'view' ? item.view.name : item.folder.name}
        </Text>
      </Group>
    </Paper>
  );
}
