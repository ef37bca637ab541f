import {
  type ColorPickerProps,
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  MantineProvider,
  type MultiSelectProps,
  type NotificationProps,
  type ProgressSectionProps,
  type SelectProps,
  type TableScrollContainerProps,
} from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { QueryClientProvider } from '@tanstack/react-query';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { queryClient } from '../shared/session/index.ts';
import { COLOR_MODE_KEY } from './storage-keys.ts';

const Overlays = lazy(() => import('./overlays.tsx'));

/**
 * Every picker alike (decision 041): typing highlights the first match, so Enter takes it; Enter in a picker never
 * submits its form (with no match it did, and saved the modal); the options scroll in the listbox itself, at most
 * 250 px high.
 */
const PICKER_DEFAULTS = {
  selectFirstOptionOnChange: true,
  onKeyDown: keepEnterInPicker,
  withScrollArea: false,
  styles: { options: { maxHeight: 250, overflowY: 'auto' } },
} as const;

/** Enter chooses in a picker (Mantine's own handler, after this one), and is never the form's submit. */
function keepEnterInPicker(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.preventDefault();
}

const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_MODE_KEY });
const theme = createTheme({
  primaryColor: 'indigo',
  // White on indigo 6 (Mantine's light default) is 4.3:1, below 4.5:1; indigo 7 is 5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  components: {
    // A progress bar needs a name for screen readers; the page-load bar has no other way to get one.
    // A plain object, not Progress.Section.extend, for the same reason as ColorPicker below.
    ProgressSection: { defaultProps: { 'aria-label': 'Loading' } satisfies Partial<ProgressSectionProps> },
    // The sliders of a colour picker (also inside ColorInput, which passes no labels down) need names too.
    // A plain object, not ColorPicker.extend: that would put the picker's code into every page's first chunk.
    ColorPicker: {
      defaultProps: {
        saturationLabel: 'Saturation and brightness',
        hueLabel: 'Hue',
        alphaLabel: 'Opacity',
      } satisfies Partial<ColorPickerProps>,
    },
    // A wide table scrolls in the browser's own way (overflow: auto, the system's scrollbar, keyboard and touch
    // scrolling), not with Mantine's custom-drawn ScrollArea (decision 036).
    TableScrollContainer: { defaultProps: { type: 'native' } satisfies Partial<TableScrollContainerProps> },
    // A modal's or the drawer's title bar is a <div>: Mantine's <header> is a second banner landmark beside the page's.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Pickers: typing highlights the first match, so Enter takes it (it did nothing until an arrow key). Their
    // options scroll in the listbox itself, which assistive technology and axe know as the field's popup; Mantine's
    // ScrollArea put a scrolling <div> around it that a keyboard cannot reach (axe: scrollable-region-focusable).
    Select: { defaultProps: PICKER_DEFAULTS satisfies Partial<SelectProps> },
    MultiSelect: { defaultProps: PICKER_DEFAULTS satisfies Partial<MultiSelectProps> },
    // Toasts: the close icon needs a name, and Mantine's grey message under a title is below 4.5:1 in both modes.
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } satisfies Partial<NotificationProps>,
      // At most three lines, so that a toast stays within its corner (decision 042).
      styles: {
        description: {
          color: 'var(--mantine-color-dimmed)',
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: 3,
          overflow: 'hidden',
        },
      },
    },
  },
});
/** One toast of at most three lines and the edges of two behind it, above the corner's margin. */
const TOASTS_CORNER = '9.5rem';
// Mantine's default dimmed text is below the 4.5:1 contrast ratio in both modes; one shade stronger passes.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    // The bottom-right corner the toasts keep to (app/overlays.tsx): an open modal ends above it, so that no toast
    // covers its buttons or its title (decision 042). Mantine's modals start 5dvh from the top.
    '--toasts-corner': TOASTS_CORNER,
    '--modal-content-max-height': 'calc(95dvh - var(--toasts-corner))',
  },
  // The same holds for field messages (red 6 on white, red 8 on dark grey): red 9 and red 5 pass.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
  },
});

/**
 * A picker that shows its value ("All languages") has that text selected as it takes focus, so typing searches
 * afresh instead of appending to it ("All languagesEng"). Listened for on the document: a form's field props bring
 * their own onFocus, which would replace a theme default. The mouse-up of the click that focused the field would put
 * the caret back at once: it is let go.
 */
function useSearchAfresh() {
  useEffect(() => {
    let selectedOnFocus: EventTarget | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const field = event.target;
      // A picker is a combobox with a listbox; one that cannot be typed into (not searchable) is read-only.
      if (!(field instanceof HTMLInputElement) || field.readOnly || field.getAttribute('aria-haspopup') !== 'listbox')
        return;
      field.select();
      selectedOnFocus = field;
    };
    const onMouseUp = (event: MouseEvent) => {
      if (event.target === selectedOnFocus) event.preventDefault();
      selectedOnFocus = null;
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('mouseup', onMouseUp);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('mouseup', onMouseUp);
    };
  }, []);
}

export function Providers({ children }: { children: ReactNode }) {
  useSearchAfresh();
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="dark"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <DatesProvider settings={{ locale: 'en-gb', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
