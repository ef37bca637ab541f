export { ApiError, errorMessage, NETWORK_ERROR_MESSAGE, send, TOKEN_KEY } from './api-client.ts';
export { callQuery } from './call-query.ts';
export { downloadCall } from './download.ts';
export {
  brandNamesQuery,
  brandsQuery,
  contentListQuery,
  filesQuery,
  itemQueries,
  languagesQuery,
  sharedKeys,
  useBrandContent,
  useBrandNames,
  useBrands,
  useCountries,
  useLanguages,
  usersQuery,
} from './reads.ts';
export { importSheet, type UploadPlatform, uploadImage, uploadSubtitles, uploadVideo } from './upload.ts';
