/**
 * The discard question asked with its code (the modals) loaded only then: for what asks it from the first load
 * (the leave guard), where the modals are not yet needed. By the time a form holds anything, the code is near.
 */
export const confirmDiscardLater = (): Promise<boolean> =>
  import('./confirm.tsx').then(({ confirmAction, DISCARD_QUESTION }) => confirmAction(DISCARD_QUESTION));
