import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { NavigationProgress, nprogressStore, useNprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { setModalsReady } from '../shared/feedback/index.ts';
import classes from './layout.module.css';

export const TOAST_DURATION_MS = 4000;
/** Shown at once (the rest wait their turn): one in front, two edges behind it, all within the toasts' corner. */
const TOASTS_AT_ONCE = 3;

/**
 * Confirmations (modals.openConfirmModal), toasts (notifications.show) and the progress bar under the header
 * (nprogress.start, see layout.tsx) are driven by stores: what shows them only needs to be mounted somewhere, not
 * around the screens. Loaded lazily beside the page, so their code (Modal, transitions, swipe handling, Progress)
 * stays out of the first chunk; the bar shows the store's state from when it mounts.
 */
export default function Overlays() {
  // Runs after ModalsProvider's own effects, which start listening for modals.openConfirmModal.
  useEffect(setModalsReady, []);
  return (
    <>
      <PageLoadBar />
      <ModalsProvider />
      {/* Bottom-right as specified; stacked, so that they keep to the corner a modal leaves free (decision 042). */}
      <Notifications position="bottom-right" layout="stacked" limit={TOASTS_AT_ONCE} autoClose={TOAST_DURATION_MS} />
    </>
  );
}

/**
 * Idle, the bar is an empty progressbar at 0 % outside every landmark: said only while a screen loads. Its own
 * component, so the store's ticks while a screen loads draw the bar again, not the modals and toasts beside it.
 */
function PageLoadBar() {
  const { mounted } = useNprogress(nprogressStore);
  return <NavigationProgress className={classes.progress} aria-hidden={!mounted} />;
}
