import { z } from 'zod';
import { addresses } from './addresses.ts';
import {
  availability,
  availabilityInput,
  call,
  Id,
  IdBody,
  lowerCaseScheme,
  MediaUrl,
  Ok,
  Timestamp,
  UpdatedAtGuard,
} from './common.ts';

export const HttpUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(
    z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
      // WHATWG URL parsing accepts these and encodes them quietly; players given the stored text may not.
      .regex(/^[^\s<>"]*$/, 'A URL has no spaces, < > or ": write them encoded (%20 for a space)'),
  )
  .transform(lowerCaseScheme);

export const Stream = z.object({
  id: Id,
  lang_id: Id,
  title: z.string(),
  url: z.string(),
  poster_url: z.string().nullable(),
  sort: z.int(),
  is_active: z.boolean(),
  ...availability,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Stream = z.infer<typeof Stream>;

const streamFields = {
  lang_id: Id,
  title: z.string().trim().min(1, 'Enter a title').max(200),
  url: HttpUrl,
  poster_url: MediaUrl.nullable(),
  sort: z.int().min(-1_000_000).max(1_000_000),
  is_active: z.boolean(),
};
export const StreamAddBody = z.object({
  ...streamFields,
  poster_url: streamFields.poster_url.default(null),
  sort: streamFields.sort.default(0),
  is_active: streamFields.is_active.default(true),
  ...availabilityInput,
});
export type StreamAddBody = z.input<typeof StreamAddBody>;
export const StreamUpdateBody = z
  .object({ id: Id, ...UpdatedAtGuard, ...availabilityInput })
  .extend(z.object(streamFields).partial().shape);
export type StreamUpdateBody = z.input<typeof StreamUpdateBody>;

export const streamCalls = {
  list: call({
    ...addresses.stream.list,
    read: true,
    summary: 'Streams of a language, by sort',
    body: z.object({ lang_id: Id }),
    response: z.array(Stream),
  }),
  get: call({
    ...addresses.stream.get,
    read: true,
    summary: 'One stream, as the list answers it; unknown or in the bin: 404',
    body: IdBody,
    response: Stream,
  }),
  add: call({
    ...addresses.stream.add,
    summary: 'Create a stream',
    body: StreamAddBody,
    response: Stream,
  }),
  update: call({
    ...addresses.stream.update,
    summary: 'Change a stream',
    body: StreamUpdateBody,
    response: Stream,
  }),
  delete: call({ ...addresses.stream.delete, summary: 'Move a stream to the bin', body: IdBody, response: Ok }),
};
