/**
 * What publishing and the preview say of the episodes a build leaves out while their video is processing (api.md,
 * "Video processing"): they are not forgotten, a build after their video is ready lists them. Null when none wait.
 */
export function processingSentence(count: number | undefined, language?: string): string | null {
  if (!count) return null;
  const where = language ? ` of the ${language} catalogue` : '';
  return count === 1
    ? `1 episode is left out${where} while its video is processing.`
    : `${count} episodes are left out${where} while their video is processing.`;
}
