let markReady: () => void = () => {};

/**
 * Resolves once the modals provider is mounted (app/overlays.tsx loads it beside the first screen): a confirmation
 * opened before that would be an event nobody hears.
 */
export const modalsReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function setModalsReady(): void {
  markReady();
}
