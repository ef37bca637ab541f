/**
 * The edit lifecycle every modal shares (shared/editing: useEditor, EditorModal, the leave guard), rendered with the
 * app's real providers and router against the real server (e2e/support/api-server.ts): someone else's save offered
 * as "Load their version / Keep mine", the question before unsaved changes are lost, and the keyboard focus kept
 * on a save and given back on a close. The streams screen's modal stands for all of them.
 */
import { api, type Stream } from '@kids-vod/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { send } from '../shared/api/index.ts';
import { queryClient } from '../shared/session/index.ts';
import { apiServer, openAt, renderApp } from './real-app.tsx';

let made = 0;
/** A stream of its own for each test, added through the API as someone else would. */
function addStream(): Promise<Stream> {
  made += 1;
  return send(api.stream.add, {
    body: { lang_id: 1, title: `Lifecycle stream ${made}`, url: `https://example.com/live-${made}.m3u8` },
  });
}

/** The stream as stored now. */
async function stored(id: number): Promise<Stream | undefined> {
  return (await send(api.stream.list, { body: { lang_id: 1 } })).find((s) => s.id === id);
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
/** The footer's Close (the title bar's ✕ is named Close too). */
const closeButton = (modal: HTMLElement) => within(modal).getAllByRole('button', { name: 'Close' }).at(-1)!;

/** The stream's modal open at its `?edit=` address, once the form holds the stream. */
async function editorOf(stream: Stream) {
  const edit = await dialog('Edit stream');
  const title = await within(edit).findByLabelText(/^Title/);
  await waitFor(() => expect(title).toHaveProperty('value', stream.title));
  return { edit, title };
}

/** Someone else saves a new stream (`theirs`) while it is open here; the title typed here is saved and refused. */
async function savedOverTheirs(theirs: { sort?: number; title?: string }) {
  const user = userEvent.setup();
  const stream = await addStream();
  renderApp(`/admin/streams?edit=${stream.id}`);
  const { edit, title } = await editorOf(stream);
  await send(api.stream.update, { body: { id: stream.id, updated_at: stream.updated_at, ...theirs } });
  await user.clear(title);
  await user.type(title, 'Mine');
  await user.click(within(edit).getByRole('button', { name: 'Save stream' }));
  const conflict = await within(edit).findByRole('alert', { name: /Someone else saved this stream/ });
  return { user, stream, edit, title, conflict };
}

beforeAll(async () => {
  openAt('/admin/');
  await send(api.auth.login, { body: { email: apiServer.email, password: apiServer.password } });
});

afterEach(() => {
  cleanup();
  queryClient.clear();
  sessionStorage.clear();
});

describe('the edit lifecycle, in the real app', () => {
  it('offers Keep mine and Load their version when someone else saved the item meanwhile', async () => {
    const { user, stream, edit, conflict } = await savedOverTheirs({ sort: 5 });
    expect((await stored(stream.id))?.title).toBe(stream.title);

    // Keep mine: the next save replaces theirs, the whole form (their sort too).
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(edit.contains(conflict)).toBe(false));
    await user.click(within(edit).getByRole('button', { name: 'Save stream' }));
    await waitFor(async () => expect(await stored(stream.id)).toMatchObject({ title: 'Mine', sort: 0 }));
  });

  it('loads their version into the form on Load their version, leaving nothing unsaved', async () => {
    const { user, stream, edit, title, conflict } = await savedOverTheirs({ title: 'Theirs' });
    await user.click(within(conflict).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(title).toHaveProperty('value', 'Theirs'));
    expect((await stored(stream.id))?.title).toBe('Theirs');

    // Nothing is unsaved: closing asks nothing.
    await user.click(closeButton(edit));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit stream' })).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull();
  });

  it('asks before unsaved changes are lost, by Close or by leaving the screen, and keeps them on Cancel', async () => {
    const user = userEvent.setup();
    const stream = await addStream();
    // From the brands to the streams, as the sidebar's link goes: Back then leaves the screen.
    const router = renderApp('/admin/brands');
    await screen.findByRole('heading', { name: 'Brands' });
    await router.navigate('/admin/streams');
    await user.click(await screen.findByRole('button', { name: stream.title }));
    const { edit, title } = await editorOf(stream);
    await user.type(title, ' changed');

    // Close asks; Cancel keeps the typing.
    await user.click(closeButton(edit));
    const ask = await dialog('Discard unsaved changes?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(title).toHaveProperty('value', `${stream.title} changed`);

    // Back asks too (the leave guard); Cancel stays on the item.
    window.history.back();
    const again = await dialog('Discard unsaved changes?');
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(window.location.pathname + window.location.search).toBe(`/admin/streams?edit=${stream.id}`);
    expect(title).toHaveProperty('value', `${stream.title} changed`);
    expect((await stored(stream.id))?.title).toBe(stream.title);
  });

  it('keeps the focus in the modal through a save, and gives it back to the row that opened it on close', async () => {
    const user = userEvent.setup();
    const stream = await addStream();
    renderApp('/admin/streams');
    const opener = await screen.findByRole('button', { name: stream.title });
    await user.click(opener);
    const { edit, title } = await editorOf(stream);
    await user.type(title, ' saved');
    const save = within(edit).getByRole('button', { name: 'Save stream' });
    save.focus();
    await user.keyboard('{Enter}');
    await waitFor(async () => expect((await stored(stream.id))?.title).toBe(`${stream.title} saved`));
    // The modal closes on a save; the focus goes back to what opened it, never to the page's body.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit stream' })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: `${stream.title} saved` })),
    );
  });
});
