import { DEFAULT_PICKER_COLOR } from '@kids-vod/contract';
import { ColorInput, type ColorInputProps, convertHsvaTo, isColorValid, parseColor } from '@mantine/core';
import { useState } from 'react';

/** Colours an editor reaches for often; any other is typed as #rrggbb or picked. */
const SWATCHES = [
  '#ffffff',
  '#000000',
  '#1c2541',
  '#22223b',
  '#3a0ca3',
  '#1971c2',
  '#4cc9f0',
  '#2b8a3e',
  '#94d82d',
  '#f9c80e',
  '#f76707',
  '#e03131',
  '#d6336c',
  '#c9ada7',
];

/**
 * The field's text as the API stores colours: "#fff", "fff" or "rgb(…)" (all valid to the picker) as #rrggbb, an
 * emptied field as the default colour; null for text that is no colour, which the form's check then names.
 */
function asStoredColour(text: string): string | null {
  const t = text.trim();
  if (t === '') return DEFAULT_PICKER_COLOR;
  const candidate = /^([0-9a-f]{3}){1,2}$/i.test(t) ? `#${t}` : t;
  return isColorValid(candidate) ? convertHsvaTo('hex', parseColor(candidate)).toLowerCase() : null;
}

export interface ColourFieldProps extends Omit<ColorInputProps, 'format' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (hex: string) => void;
}

/**
 * A colour as the API stores it (#rrggbb): typed, picked on the picker or a swatch, or taken from the screen.
 * Escape closes an open picker and nothing else (inside a modal it would otherwise close the modal); Enter takes
 * the typed colour and closes the picker, and does not submit the form around it.
 */
export function ColourField({
  label,
  value,
  onChange,
  eyeDropperButtonProps,
  popoverProps,
  onFocus,
  onBlur,
  onClick,
  onKeyDown,
  ...props
}: ColourFieldProps) {
  const [pickerOpen, setPickerOpen] = useState(false);
  /** The typed text as the API stores colours; text that is no colour stays for the form's check to name. */
  const commit = () => {
    const stored = asStoredColour(value);
    if (stored !== null && stored !== value) onChange(stored);
  };
  return (
    <ColorInput
      label={label}
      format="hex"
      swatches={SWATCHES}
      swatchesPerRow={7}
      value={value}
      // The API keeps colours lower-case; a colour typed in capitals is the same colour.
      onChange={(hex) => onChange(hex.toLowerCase())}
      eyeDropperButtonProps={{ 'aria-label': `Pick ${label.toLowerCase()} from the screen`, ...eyeDropperButtonProps }}
      // The picker opens as Mantine's does (focus, click, typing); this copy of its state also hears Escape.
      popoverProps={{ transitionProps: { transition: 'fade', duration: 0 }, ...popoverProps, opened: pickerOpen }}
      onFocus={(e) => {
        setPickerOpen(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setPickerOpen(false);
        commit();
        onBlur?.(e);
      }}
      onClick={(e) => {
        setPickerOpen(true);
        onClick?.(e);
      }}
      // A modal hears Escape on the window before this field does; Mantine's modals skip an Escape whose
      // target carries this mark (its own Selects do the same while their list is open).
      data-mantine-stop-propagation={pickerOpen ? 'true' : undefined}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          // Enter ends the colour, as leaving the field does; it is no save (the form around would submit).
          e.preventDefault();
          setPickerOpen(false);
          commit();
        } else if (e.key === 'Escape' && pickerOpen) {
          setPickerOpen(false);
        } else if (e.key !== 'Escape' && e.key !== 'Tab') {
          setPickerOpen(true);
        }
        onKeyDown?.(e);
      }}
      {...props}
    />
  );
}
