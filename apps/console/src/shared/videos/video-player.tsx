import type { VideoFile } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/client';
import { Alert, Button, Group, Image, Select, Stack, Text } from '@mantine/core';
import { IconPhotoScan } from '@tabler/icons-react';
import type HlsType from 'hls.js';
import { useEffect, useRef, useState } from 'react';
import { useMay } from '../session/index.ts';
import { useTakePoster } from './video-calls.ts';
import { renditionLabel } from './video-words.ts';

/** One rendition as the player knows it: hls.js's level index, and how staff call it. */
interface Level {
  index: number;
  height: number;
  label: string;
}

interface Track {
  id: number;
  label: string;
}

/** Safari's `HTMLMediaElement.audioTracks` (not in TypeScript's DOM types): the master's AUDIO group, natively. */
interface NativeAudioTrack {
  enabled: boolean;
  label: string;
  language: string;
}
interface NativeAudioTracks extends EventTarget {
  readonly length: number;
  [index: number]: NativeAudioTrack;
}

const AUTO = 'auto';
/** The subtitles' choice that shows none. */
const OFF = 'off';

/** A track's name as a person reads it: its NAME in the master, else its language, else its place. */
const trackLabel = (t: { name?: string; lang?: string; label?: string; language?: string }, i: number) =>
  t.name || t.label || t.lang || t.language || `Track ${i + 1}`;

/** Whether an HLS track's LANGUAGE is the code asked for (`es` is `es`, and `es-419` too). */
const sameLanguage = (lang: string | undefined, code: string) =>
  !!lang && (lang.toLowerCase() === code.toLowerCase() || lang.toLowerCase().startsWith(`${code.toLowerCase()}-`));

/**
 * Where the browser has Media Source Extensions (Chrome, Firefox, Edge, Safari on a Mac or an iPad) hls.js plays the
 * ladder: it lets a rendition be chosen by hand. Only a browser without them that plays HLS by itself (Safari on an
 * older iPhone) is left to play it natively, the browser choosing the rendition (decision 062).
 */
const hasMediaSource = () =>
  typeof window !== 'undefined' && ('ManagedMediaSource' in window || 'MediaSource' in window);

/** hls.js's settings under the server's Content-Security-Policy (script-src 'self': no worker from a blob: URL). */
const HLS_CONFIG = { enableWorker: false } as const;

/** What went wrong, in a sentence; hls.js's own code for it after, for whoever reports it. */
const failure = (details: string) => `The video could not be played (${details}). Try again, or reload the page.`;

/** Text tracks that are subtitles or captions (not chapters, not metadata). */
const subtitleTracksOf = (media: HTMLVideoElement) =>
  [...media.textTracks].filter((t) => t.kind === 'subtitles' || t.kind === 'captions');

/**
 * Where the browser plays HLS itself: its own tracks, subtitles as text tracks and (Safari) the audio group as audio
 * tracks, read into the player's lists as they appear and change; `audioLang` enabled first. Answers how to stop.
 */
function watchNativeTracks(
  media: HTMLVideoElement,
  audioLang: string | null,
  set: {
    setSubtitles: (tracks: Track[]) => void;
    setSubtitle: (value: string) => void;
    setTracks: (tracks: Track[]) => void;
    setTrack: (value: string | null) => void;
  },
): () => void {
  const nativeAudio = (media as HTMLVideoElement & { audioTracks?: NativeAudioTracks }).audioTracks;
  let audioChosen = false;
  const readTracks = () => {
    const text = subtitleTracksOf(media);
    set.setSubtitles(text.map((t, i) => ({ id: i, label: trackLabel(t, i) })));
    const showing = text.findIndex((t) => t.mode === 'showing');
    set.setSubtitle(showing < 0 ? OFF : String(showing));
    if (!nativeAudio) return;
    const audio = [...Array(nativeAudio.length).keys()].map((i) => nativeAudio[i]);
    const wanted = audioLang ? audio.findIndex((t) => sameLanguage(t.language, audioLang)) : -1;
    if (!audioChosen && wanted >= 0) {
      audioChosen = true;
      audio.forEach((t, i) => {
        t.enabled = i === wanted;
      });
    }
    set.setTracks(audio.map((t, i) => ({ id: i, label: trackLabel(t, i) })));
    const enabled = audio.findIndex((t) => t.enabled);
    set.setTrack(enabled < 0 ? null : String(enabled));
  };
  media.textTracks.addEventListener('addtrack', readTracks);
  media.textTracks.addEventListener('change', readTracks);
  nativeAudio?.addEventListener('addtrack', readTracks);
  nativeAudio?.addEventListener('change', readTracks);
  return () => {
    media.textTracks.removeEventListener('addtrack', readTracks);
    media.textTracks.removeEventListener('change', readTracks);
    nativeAudio?.removeEventListener('addtrack', readTracks);
    nativeAudio?.removeEventListener('change', readTracks);
  };
}

/**
 * Plays a ready video file's HLS ladder with its poster: the rendition chosen automatically ("Auto", the one
 * playing shown beside it) or by hand, the audio track when the master has more than one (its AUDIO group), the
 * subtitles it offers (its SUBTITLES group, or Off), and "Use this frame", which makes the frame on screen the file's
 * poster. hls.js (about 160 KB gzip) is fetched when a player opens, never before.
 */
export function VideoPlayer({
  file,
  autoPlay = false,
  autoFocus = false,
  posterChoice = true,
  audioLang = null,
}: {
  /** A video file, or what a catalogue says of one (the Preview: its master playlist and poster). */
  file: Pick<VideoFile, 'id' | 'name' | 'playback_url' | 'thumbnail_url'>;
  autoPlay?: boolean;
  /** "Use this frame" offered (to those who may): not in the Preview, which plays what apps see. */
  posterChoice?: boolean;
  /** The keyboard goes to the video as it appears (it took the place of the Play button that had the focus). */
  autoFocus?: boolean;
  /** The audio track to start with, by language code (a version playing another version's video: its own dub). */
  audioLang?: string | null;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<HlsType | null>(null);
  const [engine, setEngine] = useState<'hls.js' | 'native' | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [chosen, setChosen] = useState(AUTO);
  const [playing, setPlaying] = useState<number | null>(null);
  const [tracks, setTracks] = useState<Track[]>([]);
  const [track, setTrack] = useState<string | null>(null);
  const [subtitles, setSubtitles] = useState<Track[]>([]);
  const [subtitle, setSubtitle] = useState(OFF);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const mayTakePoster = useMay(CALL_PERMISSIONS.content.filePoster) && posterChoice;
  const takePoster = useTakePoster();
  const url = file.playback_url;
  // The new poster shows at once, before the lists that hold the file have been read again.
  const poster = takePoster.data?.id === file.id ? takePoster.data.thumbnail_url : file.thumbnail_url;

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, as the player appears
  useEffect(() => {
    if (autoFocus) video.current?.focus({ preventScroll: true });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what Try again changes, to start over
  useEffect(() => {
    const media = video.current;
    if (!media || !url) return;
    let stopped = false;
    setError(null);
    setLevels([]);
    setTracks([]);
    setSubtitles([]);
    setSubtitle(OFF);
    setChosen(AUTO);
    setPlaying(null);
    if (!hasMediaSource() && media.canPlayType('application/vnd.apple.mpegurl')) {
      setEngine('native');
      media.src = url;
      const unwatch = watchNativeTracks(media, audioLang, { setSubtitles, setSubtitle, setTracks, setTrack });
      return () => {
        unwatch();
        media.removeAttribute('src');
        media.load();
      };
    }
    void import('hls.js').then(({ default: Hls }) => {
      if (stopped) return;
      if (!Hls.isSupported()) {
        setError('This browser cannot play HLS video: use a recent Chrome, Edge, Firefox or Safari.');
        return;
      }
      setEngine('hls.js');
      const player = new Hls(HLS_CONFIG);
      hls.current = player;
      let recovered = false;
      player.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
        setLevels(
          data.levels
            .map((l, index) => ({
              index,
              height: l.height,
              label: renditionLabel({ height: l.height, bandwidth: l.bitrate }),
            }))
            .sort((a, b) => a.height - b.height),
        );
      });
      player.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => setPlaying(data.level));
      let audioChosen = false;
      player.on(Hls.Events.AUDIO_TRACKS_UPDATED, (_event, data) => {
        setTracks(data.audioTracks.map((t, i) => ({ id: i, label: trackLabel(t, i) })));
        // The version's own dub first, once: what staff pick afterwards is theirs.
        const wanted = audioLang ? data.audioTracks.findIndex((t) => sameLanguage(t.lang, audioLang)) : -1;
        if (!audioChosen && wanted >= 0 && wanted !== player.audioTrack) player.audioTrack = wanted;
        audioChosen = true;
        setTrack(String(wanted >= 0 ? wanted : player.audioTrack));
      });
      player.on(Hls.Events.AUDIO_TRACK_SWITCHED, (_event, data) => setTrack(String(data.id)));
      player.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_event, data) => {
        setSubtitles(data.subtitleTracks.map((t, i) => ({ id: i, label: trackLabel(t, i) })));
        setSubtitle(player.subtitleTrack < 0 ? OFF : String(player.subtitleTrack));
      });
      player.on(Hls.Events.SUBTITLE_TRACK_SWITCH, (_event, data) => setSubtitle(data.id < 0 ? OFF : String(data.id)));
      player.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        // A decoding hiccup is worth one recovery (hls.js's own advice); anything else is said.
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
          recovered = true;
          player.recoverMediaError();
          return;
        }
        setError(failure(data.details));
        player.destroy();
        hls.current = null;
      });
      player.loadSource(url);
      player.attachMedia(media);
    });
    return () => {
      stopped = true;
      hls.current?.destroy();
      hls.current = null;
    };
  }, [url, attempt]);

  function chooseLevel(value: string | null) {
    const next = value ?? AUTO;
    setChosen(next);
    // -1 is hls.js's automatic choice; a level by hand replaces what is buffered at once.
    if (hls.current) hls.current.currentLevel = next === AUTO ? -1 : Number(next);
  }

  function chooseTrack(value: string | null) {
    if (value === null) return;
    setTrack(value);
    if (hls.current) hls.current.audioTrack = Number(value);
    const nativeAudio = (video.current as (HTMLVideoElement & { audioTracks?: NativeAudioTracks }) | null)?.audioTracks;
    if (engine === 'native' && nativeAudio)
      for (let i = 0; i < nativeAudio.length; i++) nativeAudio[i].enabled = i === Number(value);
  }

  function chooseSubtitle(value: string | null) {
    const next = value ?? OFF;
    setSubtitle(next);
    const id = next === OFF ? -1 : Number(next);
    if (hls.current) {
      hls.current.subtitleDisplay = id >= 0;
      hls.current.subtitleTrack = id;
    } else if (video.current) {
      subtitleTracksOf(video.current).forEach((t, i) => {
        t.mode = i === id ? 'showing' : 'disabled';
      });
    }
  }

  function takeThisFrame() {
    const at = video.current?.currentTime ?? 0;
    takePoster.mutate({ id: file.id, at_sec: Math.round(at * 100) / 100 });
  }

  const playingLevel = levels.find((l) => l.index === playing);
  const levelChoices = [
    { value: AUTO, label: chosen === AUTO && playingLevel ? `Auto (now ${playingLevel.height}p)` : 'Auto' },
    ...levels.map((l) => ({ value: String(l.index), label: l.label })),
  ];

  return (
    <Stack gap="sm">
      {/* biome-ignore lint/a11y/useMediaCaption: the subtitles are the master's SUBTITLES group, added by hls.js or the browser */}
      <video
        ref={video}
        controls
        playsInline
        autoPlay={autoPlay}
        poster={poster ?? undefined}
        aria-label={`Video ${file.name}`}
        data-engine={engine ?? undefined}
        // The whole player fits a laptop's screen in its modal: the picture letterboxes within at most 55% of it.
        style={{ width: '100%', aspectRatio: '16 / 9', maxHeight: '55vh', background: 'black', borderRadius: 4 }}
      />
      {error ? (
        <Alert color="red" role="alert" title="Could not play">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{error}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Quality"
          data={levelChoices}
          value={chosen}
          onChange={chooseLevel}
          allowDeselect={false}
          disabled={engine !== 'hls.js' || levels.length === 0}
          description={engine === 'native' ? 'This browser chooses it itself' : undefined}
          w={200}
        />
        {tracks.length > 1 ? (
          <Select
            label="Audio"
            data={tracks.map((t) => ({ value: String(t.id), label: t.label }))}
            value={track}
            onChange={chooseTrack}
            allowDeselect={false}
            w={160}
          />
        ) : null}
        {subtitles.length > 0 ? (
          <Select
            label="Subtitles"
            data={[{ value: OFF, label: 'Off' }, ...subtitles.map((t) => ({ value: String(t.id), label: t.label }))]}
            value={subtitle}
            onChange={chooseSubtitle}
            allowDeselect={false}
            w={180}
          />
        ) : null}
        {mayTakePoster ? (
          <Button
            variant="default"
            leftSection={<IconPhotoScan size={16} aria-hidden />}
            loading={takePoster.isPending}
            onClick={takeThisFrame}
          >
            Use this frame
          </Button>
        ) : null}
        {poster ? (
          <Group gap="xs" wrap="nowrap" ml="auto">
            <Text size="xs" c="dimmed" ta="right">
              Poster
            </Text>
            <Image src={poster} alt="" w={64} h={36} fit="cover" radius="sm" data-testid="player-poster" />
          </Group>
        ) : null}
      </Group>
    </Stack>
  );
}
