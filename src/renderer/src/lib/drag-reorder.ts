import type { DragEvent } from 'react';

const dataType = (kind: string) => `application/x-outpost-${kind}`;

/** A thing that can be dragged with the browser's own drag events, carrying its id under a per-kind data type. */
export function dragSourceProps(kind: string, id: number) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      event.dataTransfer.setData(dataType(kind), String(id));
      event.dataTransfer.effectAllowed = 'move';
    },
  };
}

/** A place that accepts dragged things of `kind` only (an item dropped on a module is ignored) and gets their id. */
export function dropTargetProps(kind: string, onDrop: (draggedId: number) => void) {
  const type = dataType(kind);
  return {
    onDragOver: (event: DragEvent) => {
      // Accepting the drop is what preventDefault means here; other kinds of drags are left alone.
      if (event.dataTransfer.types.includes(type)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const dragged = Number(event.dataTransfer.getData(type));
      if (!dragged) return;
      event.preventDefault();
      event.stopPropagation();
      onDrop(dragged);
    },
  };
}

/**
 * Drag-and-drop reordering: dropping a thing on another of its kind gives it the other's position. Keyboard users
 * have MoveButtons.
 */
export function dragReorderProps(kind: string, id: number, position: number, onDrop: (draggedId: number, position: number) => void) {
  return {
    ...dragSourceProps(kind, id),
    ...dropTargetProps(kind, (dragged) => {
      if (dragged !== id) onDrop(dragged, position);
    }),
  };
}
