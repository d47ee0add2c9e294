import { useEffect, useRef } from 'react';

/**
 * A native `<dialog>` shown modal for as long as its component is mounted: the browser keeps focus inside it,
 * makes the page behind it inert and closes it on Escape (its `cancel` event).
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  return dialog;
}
