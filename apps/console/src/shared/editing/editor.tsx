import type { RestoredItem } from '@kids-vod/contract';
import { Box, Button, Group, Modal, type ModalProps, Tabs, Text } from '@mantine/core';
import { IconForms, IconHistory, IconRestore } from '@tabler/icons-react';
import { type ReactNode, Suspense, useId, useState } from 'react';
import { binItem, type DeleteQuestion, DeleteToBinButton } from '../bin/index.ts';
import { Notice } from '../feedback/index.ts';
import type { HistoryEntity } from '../history/index.ts';
import { lazyComponent } from '../screen/index.ts';
import { ConflictAlert } from './conflict-alert.tsx';
import { useFocusKept } from './focus-kept.ts';
import { ReadOnly, ReadOnlyNotice } from './read-only.tsx';
import type { Editor, Item } from './use-editor.ts';

/**
 * What an edit modal of a kind kept in the audit log says of its own item ("New brand", "Save banner"): the kind
 * names it once (its History tab, its delete to the bin and these words); the rest of the lifecycle is `useEditor`'s.
 */
const ENTITY_WHAT: Record<HistoryEntity, string> = {
  brands: 'brand',
  content: 'content',
  promos: 'banner',
  streams: 'stream',
  promo_codes: 'promo code',
};

/** An item as saved; one with `updated_atm with the modal's fields, the parts outside it (`after`: sections with
 * forms of their own), the conflict choice and one footer with Close and the one primary action.
 */
export function EditorModal<T extends Item, V extends object>({
  editor,
  what: whatGiven,
  title,
  primary,
  label,
  size = 'lg',
  onClosed,
  children,
  after,
  loading,
  readOnly = false,
  entity,
  remove,
}: {
  editor: Editor<T, V>;
  title?: string;
  /** The primary action's label where it is not Create/Save (a part added to something: "Add key"). */
  primary?: string;
  /** The form's accessible name; `what`, capitalised, when not given. */
  label?: string;
  size?: ModalProps['size'];
  onClosed: () => void;
  children: ReactNode;
  after?: ReactNode;
  /** Shown instead of the form while the item is being loaded (`initial` undefined). */
  loading?: ReactNode;
  /**
   * The role may read this but not change it (pass `!useMay(CALL_PERMISSIONS.x.update)`): every field and the parts
   * in `after` disabled, no primary action, and a notice saying why.
   */
  readOnly?: boolean;
  /**
   * How "Delete {what}" asks about a saved item of a kind that goes to the bin: "Delete {what}" at the left of the
   * footer, for a role that may, moves it there (shared/bin/move-to-bin.tsx) and closes the modal.
   */
  remove?: (item: T) => DeleteQuestion;
} & (
  | {
      /** The entity in the product's words: "brand" gives "New brand", "Create brand", "Save brand". */
      what: string;
      entity?: undefined;
    }
  | {
      /** The item's kind in the audit log: a saved item gets a History tab beside its fields; it gives `what`. */
      entity: HistoryEntity;
      what?: undefined;
    }
)) {
  const what = entity ? ENTITY_WHAT[entity] : (whatGiven ?? '');
  const formId = useId();
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  useFocusKept(body, editor.opened);
  const editing = editor.item !== null;
  const toBin = binItem(entity, editor.item);
  return (
    <Modal
      opened={editor.opened}
      onClose={editor.requestClose}
      onExitTransitionEnd={() => {
        editor.onGone();
        onClosed();
      }}
      title={title ?? (readOnly ? `View ${what}` : editing ? `Edit ${what}` : `New ${what}`)}
      size={size}
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{
        title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' },
        // What is scrolled into view (a field focused, a refusal shown) stops clear of the sticky header and footer.
        content: { scrollPaddingTop: 72, scrollPaddingBottom: 80 },
      }}
    >
      <Box ref={setBody} tabIndex={-1} style={{ outline: 'none' }}>
        {readOnly ? <ReadOnlyNotice /> : null}
        {editor.restored ? <RestoredNotice onDiscard={editor.discardRestored} /> : null}
        <WithHistory editor={editor} entity={entity} readOnly={readOnly}>
          <ReadOnly readOnly={readOnly}>
            {editor.ready ? (
              <form
                id={formId}
                onSubmit={editor.submit}
                noValidate
                aria-label={label ?? what[0]!.toUpperCase() + what.slice(1)}
              >
                {children}
              </form>
            ) : (
              loading
            )}
            {editor.ready ? after : null}
          </ReadOnly>
        </WithHistory>
        <Box mt="md">
          <ConflictAlert conflict={editor.conflict} what={what} adopt={editor.adopt} loadTheirs={editor.loadTheirs} />
        </Box>
        <Group
          justify="flex-end"
          gap="sm"
          mt="md"
          py="sm"
          style={{
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            background: 'var(--mantine-color-body)',
            borderTop: '1px solid var(--mantine-color-default-border)',
          }}
        >
          {remove && toBin && editor.item && !readOnly ? (
            <Box mr="auto">
              <DeleteToBinButton
                item={{ ...toBin, ...remove(editor.item) }}
                what={what}
                unsaved={editor.unsaved}
                onDeleted={editor.close}
              />
            </Box>
          ) : null}
          <Button variant="default" onClick={editor.requestClose}>
            Close
          </Button>
          {readOnly ? null : (
            <Button type="submit" form={formId} loading={editor.saving} disabled={!editor.ready}>
              {primary ?? (editing ? `Save ${what}` : `Create ${what}`)}
            </Button>
          )}
        </Group>
      </Box>
    </Modal>
  );
}

/** Says the form holds typing kept from before the session ended, with the way to throw it away. */
function RestoredNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <Notice
      color="blue"
      icon={<IconRestore size={18} aria-hidden />}
      title="Your unsaved changes were restored"
      testId="restored-notice"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">What you typed before your session ended is back. Save to keep it.</Text>
        <Button size="compact-sm" variant="default" onClick={onDiscard}>
          Discard changes
        </Button>
      </Group>
    </Notice>
  );
}

const HistoryPanel = lazyComponent(() => import('../history/index.ts').then((m) => m.HistoryPanel));

/**
 * A saved item's fields and its History as two tabs (without `entity`, or while the item is new: the fields alone).
 * The fields stay mounted behind the History tab, so typing and the parts' own forms are kept; the history is
 * read each time its tab is shown.
 */
function WithHistory<T extends Item, V extends object>({
  editor,
  entity,
  readOnly,
  children,
}: {
  editor: Editor<T, V>;
  entity: HistoryEntity | undefined;
  readOnly: boolean;
  children: ReactNode;
}) {
  const [tab, setTab] = useState<string | null>('details');
  const { item } = editor;
  const id = item && 'id' in item && typeof item.id === 'number' ? item.id : null;
  if (!entity) return children;
  // A new item has no history yet: the same tabs without their list, so that creating it does not remount the form.
  return (
    <Tabs value={id === null ? 'details' : tab} onChange={setTab}>
      {id === null ? null : (
        <Tabs.List mb="md" aria-label="Details and history">
          <Tabs.Tab value="details" leftSection={<IconForms size={16} aria-hidden />}>
            Details
          </Tabs.Tab>
          <Tabs.Tab value="history" leftSection={<IconHistory size={16} aria-hidden />}>
            History
          </Tabs.Tab>
        </Tabs.List>
      )}
      <Tabs.Panel value="details">{children}</Tabs.Panel>
      <Tabs.Panel value="history">
        {tab === 'history' && id !== null ? (
          <Suspense fallback={null}>
            <HistoryPanel
              entity={entity}
              id={id}
              updatedAt={item?.updated_at}
              mayRestore={!readOnly}
              unsaved={editor.unsaved}
              onRestored={(restored: RestoredItem) => {
                // The version set back is the one now edited: the form shows it, its `updated_at` guards the next save.
                editor.adopt(restored as unknown as T);
                editor.loadTheirs(restored as unknown as T);
                editor.conflict.clear();
              }}
            />
          </Suspense>
        ) : null}
      </Tabs.Panel>
    </Tabs>
  );
}
