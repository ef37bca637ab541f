import { useState } from 'react';

/**
 * For a modal mounted already open: Mantine gives the focus back to what opened a modal only when `opened` turns
 * true after mounting, so without this a keyboard user would start again from the top of the page. Call the
 * returned function when the modal has closed (its exit transition is over).
 */
export function useOpenerFocus(): () => void {
  // Read during the first render, before the modal's focus trap moves the focus.
  const [opener] = useState(() => document.activeElement);
  return () => {
    // Still in the closed modal (which leaves the page next) or nowhere; focus the screen has put somewhere
    // since (a new row, say) stays there.
    const focused = document.activeElement;
    const lost = focused === null || focused === document.body || focused.closest('[role="dialog"]') !== null;
    if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus({ preventScroll: true });
  };
}
