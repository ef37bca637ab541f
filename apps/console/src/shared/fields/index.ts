export { BrandSelect } from './brand-select.tsx';
export { CodeInput } from './code-input.tsx';
export { ColourField } from './colour-field.tsx';
export { DateField } from './date-field.tsx';
export { useDatePickerProps } from './date-picker.ts';
export { ImageField, imageInput, useImageUploading } from './image-field.tsx';
export { LanguageSelect } from './language-select.tsx';
export { NewPasswordField } from './new-password-field.tsx';
export { NumberField, numberOrUndefined, SortField } from './number-field.tsx';
