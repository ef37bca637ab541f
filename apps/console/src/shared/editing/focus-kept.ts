import { useEffect } from 'react';

const FOCUSABLE =
  'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

const usable = (el: Element | null): boolean =>
  el instanceof HTMLElement && el.isConnected && el.matches(FOCUSABLE) && el.getClientRects().length > 0;

/**
 * Keeps the keyboard focus inside `root` (an open modal's body, given by a callback ref: the modal mounts it late) when the control holding it is disabled or
 * replaced: a save button is disabled while it saves, an "Add … version" button becomes "Save … version". The
 * browser then drops the focus on `<body>`, outside the modal's focus trap, and the next Tab or Space acts on the
 * page behind the overlay. The focus goes back to that control once it is usable again, else to the nearest
 * usable control where it was (its form's submit button, else a button, first); meanwhile the container holds it.
 */
export function useFocusKept(root: HTMLElement | null, active: boolean): void {
  useEffect(() => {
    if (!root || !active) return;
    let last: HTMLElement | null = null;
    let ancestors: HTMLElement[] = [];

    function nearest(): HTMLElement | null {
      for (const at of ancestors) {
        if (!at.isConnected || !root?.contains(at)) continue;
        // A button before a field: focusing a combobox would open its list over the controls around it.
        for (const selector of ['button[type="submit"]', 'button', FOCUSABLE]) {
          const found = [...at.querySelectorAll<HTMLElement>(selector)].find(usable);
          if (found) return found;
        }
      }
      return null;
    }

    function check() {
      const focused = document.activeElement;
      const lost = focused === null || focused === document.body;
      // Held by the container only while waiting for the control to come back.
      if (!lost && focused !== root) return;
      if (!last) return;
      if (usable(last)) last.focus({ preventScroll: true });
      else if (!last.isConnected) (nearest() ?? root)?.focus({ preventScroll: true });
      else if (lost) root?.focus({ preventScroll: true });
    }

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof HTMLElement) || target === root) return;
      last = target;
      ancestors = [];
      for (let at = target.parentElement; at && at !== root; at = at.parentElement) ancestors.push(at);
    };
    // The browser settles the focus after the control is disabled or removed: look once it has.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget === null) requestAnimationFrame(check);
    };
    // A removed control fires no focusout in every browser; a re-enabled one fires nothing at all.
    const changes = new MutationObserver(check);
    changes.observe(root, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled', 'tabindex'],
    });
    root.addEventListener('focusin', onFocusIn);
    root.addEventListener('focusout', onFocusOut);
    return () => {
      changes.disconnect();
      root.removeEventListener('focusin', onFocusIn);
      root.removeEventListener('focusout', onFocusOut);
    };
  }, [root, active]);
}
