import type { TooltipProps } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { whenIdle } from '../screen/index.ts';

type TooltipComponent = typeof import('./tooltip.ts')['Tooltip'];

let Loaded: TooltipComponent | null = null;
let scheduled = false;
const listeners = new Set<() => void>();

/** Fetches the Tooltip once the browser is idle; after a failed fetch (offline), the next tooltip mounted retries. */
function loadWhenIdle() {
  if (scheduled || Loaded) return;
  scheduled = true;
  whenIdle(() =>
    import('./tooltip.ts').then(
      (m) => {
        const focused = document.activeElement;
        Loaded = m.Tooltip;
        for (const notify of listeners) notify();
        // The targets mount once more, inside their tooltips: one that had the keyboard focus gets it back.
        const label = focused instanceof HTMLElement ? focused.getAttribute('aria-label') : null;
        if (label) {
          requestAnimationFrame(() => {
            if (focused?.isConnected) return;
            document.querySelector<HTMLElement>(`[aria-label="${CSS.escape(label)}"]`)?.focus();
          });
        }
      },
      () => {
        scheduled = false;
      },
    ),
  );
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/**
 * Mantine's Tooltip, whose code (with Floating UI, 15 KB gzipped) loads once the browser is idle after the first
 * paint rather than with the page. A tooltip only shows on hover, so until then the target renders alone; every
 * tooltip of the page is there as soon as the code is (the targets mount once more then).
 */
export function LazyTooltip(props: TooltipProps) {
  const Tooltip = useSyncExternalStore(subscribe, () => Loaded);
  useEffect(loadWhenIdle, []);
  return Tooltip ? <Tooltip {...props} /> : props.children;
}
