/** What other modules use of subtitles: a version's files (content answers them), and the playlists after a change of video. */
export { publishSubtitles, publishSubtitlesOfVideo, subtitlesOfVersions } from './data.ts';
export { subtitlesRoutes } from './routes.ts';
