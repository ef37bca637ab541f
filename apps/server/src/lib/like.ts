/**
 * A search as an ILIKE pattern matching it anywhere: a percent sign, an underscore or a backslash in it is the
 * character typed, not a wildcard (issue 19: searches are matched literally).
 */
export const likeAnywhere = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;
