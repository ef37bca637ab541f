// Constants the console needs on its first screens, in a module without zod (see client.ts).

export const AGE_RATINGS = ['0+', '3+', '6+', '12+'] as const;

/** Language id 1 is English, the default for editing. */
export const DEFAULT_LANG_ID = 1;
