/** An error whose message is safe to show the client, with the status it answers. */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly errors?: { path: string; message: string }[],
    /** More fields of the answer beside `detail` (the contract's `totp_required`). */
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
/** One item asked for by id (`brand/get` and the like): the sentence says it may be in the bin, not only unknown. */
export const itemNotFound = (what: string, id: number) =>
  new HttpError(404, `${what} ${id} does not exist or is in the bin`);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new HttpError(400, message, errors);
export const staleUpdate = (what: string) =>
  new HttpError(409, `${what} was changed by someone else. Reload it and try again.`);

/** A refused field's value: 400, with the message under the field as the console's forms show it. */
export const fieldError = (path: string, message: string) => new HttpError(400, message, [{ path, message }]);
