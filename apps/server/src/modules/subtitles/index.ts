/**
 * What other modules use of subtitles: a version's files (content answers them), and the playlists after a change of
 * video. Its routes (routes.ts, registered by app.ts) are no part of it: they answer content's language version, and
 * content uses this module, so exporting them here would close a cycle.
 */
export { publishSubtitles, publishSubtitlesOfVideo, subtitlesOfVersions } from './data.ts';
