import type { DragEvent } from 'react';

/**
 * Drag-and-drop reordering with the browser's own drag events: dropping a thing on another gives it the other's
 * position. `kind` keeps lists apart (an item dropped on a module is ignored). Keyboard users have MoveButtons.
 */
export function dragReorderProps(kind: string, id: number, position: number, onDrop: (draggedId: number, position: number) => void) {
  const type = `application/x-outpost-${kind}`;
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.stopPropagation();
      event.dataTransfer.setData(type, String(id));
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => {
      // Accepting the drop is what preventDefault means here; other kinds of drags are left alone.
      if (event.dataTransfer.types.includes(type)) event.preventDefault();
    },
    onDrop: (event: DragEvent) => {
      const dragged = Number(event.dataTransfer.getData(type));
      if (!dragged) return;
      event.preventDefault();
      event.stopPropagation();
      if (dragged !== id) onDrop(dragged, position);
    },
  };
}
