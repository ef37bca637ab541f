import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmDiscardLater } from '../feedback/index.ts';
import { isClosing, leavesItem } from './edit-address.ts';
import { hasUnsaved } from './unsaved.ts';

/**
 * Leaving the screen while a form holds unsaved changes asks first: Back or Forward with the console's own
 * question, a reload or closing the tab with the browser's. The count is read when leaving, not when rendered:
 * a form that has just closed (a sign-out, say) no longer holds anything. Mounted with the layout, not once the
 * browser is idle: a form can be opened and typed in before that on a busy machine.
 */
export function LeaveGuard() {
  // Another screen, or (Back, a link) another item of this one: an open modal's item is in the address (`?edit=`).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsaved() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (leavesItem(currentLocation.search, nextLocation.search) && !isClosing(nextLocation.state))),
  );
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscardLater().then((leave) => (leave ? current.current.proceed?.() : current.current.reset?.()));
  }, [blocker.state]);
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (hasUnsaved()) event.preventDefault();
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
  return null;
}
