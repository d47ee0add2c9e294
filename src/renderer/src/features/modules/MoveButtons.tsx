import { useState, type MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';

interface MoveButtonsProps {
  /** What moves, for the buttons' names: "Move Week 2 up". */
  name: string;
  /** The position to send for each direction; undefined at that end of the list. */
  upTo: number | undefined;
  downTo: number | undefined;
  onMove: (position: number) => Promise<void>;
}

/**
 * Reordering by keyboard (and for anyone who prefers buttons to dragging). aria-disabled, not disabled, at the ends:
 * a disabled button drops the focus that just pressed it. After the move the list re-renders in its new order, and
 * the pressed button gets the focus back so the next press moves the same thing again. While a move is saved the
 * buttons say they are unavailable: the positions they would send are those of the list before the move.
 */
export function MoveButtons({ name, upTo, downTo, onMove }: MoveButtonsProps) {
  const [moving, setMoving] = useState(false);
  const move = (position: number | undefined) => async (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    if (position === undefined || moving) return;
    setMoving(true);
    try {
      await onMove(position);
    } finally {
      setMoving(false);
    }
    button.focus();
  };
  return (
    <span className="button-row move-buttons">
      <button type="button" aria-disabled={moving || upTo === undefined} onClick={(e) => void move(upTo)(e)}>
        <FormattedMessage id="modules.move.up" defaultMessage="Move {name} up" values={{ name }} description="{name}: a module's or an item's name." />
      </button>
      <button type="button" aria-disabled={moving || downTo === undefined} onClick={(e) => void move(downTo)(e)}>
        <FormattedMessage id="modules.move.down" defaultMessage="Move {name} down" values={{ name }} description="{name}: a module's or an item's name." />
      </button>
    </span>
  );
}

/** Where a thing at `index` of a list ordered by position moves: its neighbour's position, each way. */
export function neighbourPositions<T extends { position: number }>(list: readonly T[], index: number): { upTo?: number; downTo?: number } {
  return { upTo: list[index - 1]?.position, downTo: list[index + 1]?.position };
}
