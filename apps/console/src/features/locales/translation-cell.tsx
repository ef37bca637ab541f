import { type Language, LocaleUpsertBody } from '@kids-vod/contract';
import { Badge, Loader, Table, Text, Textarea, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { schemaResolver } from '@mantine/form';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/index.ts';
import { WARNING_TEXT } from '../../shared/feedback/index.ts';
import { useSaveTranslation } from './api.ts';
import classes from './locales.module.css';

/** How long a saved cell shows its check mark. */
const SAVED_MARK_MS = 2500;

type Outcome = 'saved' | 'unchanged';

const validateValue = schemaResolver(LocaleUpsertBody, { sync: true });

/** Arrow keys move between the grid's cells, like a spreadsheet (Tab still goes through them in order). */
function moveFocus(e: KeyboardEvent<HTMLElement>, row: number, col: number) {
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
  if (!step) return;
  const target = document.querySelector<HTMLElement>(`[data-cell="${row + step[0]}:${col + step[1]}"]`);
  if (target) {
    e.preventDefault();
    target.focus();
  }
}

/**
 * The text being edited: Enter or leaving the field saves, Shift+Enter starts a new line, Escape cancels.
 * A failed save keeps the typed text and shows the server's detail under it.
 */
function CellEditor({
  entryKey,
  language,
  value,
  onDone,
}: {
  entryKey: string;
  language: Language;
  value: string | undefined;
  onDone: (outcome: Outcome, byKeyboard: boolean) => void;
}) {
  const save = useSaveTranslation();
  const [text, setText] = useState(value ?? '');
  const [error, setError] = useState<string | null>(null);
  // Refs, not state: the blur that follows Enter or Escape arrives before a re-render.
  const finished = useRef(false);
  const sending = useRef(false);
  const onScreen = useRef(true);
  useEffect(() => {
    onScreen.current = true;
    return () => {
      onScreen.current = false;
    };
  }, []);

  function finish(outcome: Outcome, byKeyboard: boolean) {
    finished.current = true;
    onDone(outcome, byKeyboard);
  }

  function commit(byKeyboard: boolean) {
    if (finished.current || sending.current) return;
    // Only spaces is no text: the apps would show a blank where their built-in text belongs.
    const next = text.trim() === '' ? '' : text;
    if (next === (value ?? '')) return finish('unchanged', byKeyboard);
    const errors = validateValue({ key: entryKey, lang_id: language.id, value: next });
    if (errors.value) {
      setError(String(errors.value));
      return;
    }
    sending.current = true;
    setError(null);
    // Clearing a text removes the translation: the key is missing again and the apps use their built-in text.
    save.mutate(
      {
        key: entryKey,
        langId: language.id,
        value: next === '' ? null : next,
        label: `${language.name} text of ${entryKey}`,
        onScreen,
      },
      {
        onSuccess: () => finish('saved', byKeyboard),
        onError: (err) => setError(errorMessage(err)),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <Textarea
      aria-label={`${language.name} text of ${entryKey}`}
      description="Enter saves · Shift+Enter new line · Esc cancels"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      autosize
      minRows={1}
      maxRows={8}
      autoFocus
      value={text}
      // Text typed while it saves would be lost when the saved cell closes.
      readOnly={save.isPending}
      error={error}
      rightSection={save.isPending ? <Loader size={14} aria-label="Saving" /> : null}
      // The caret starts after the text, as in a spreadsheet cell being edited.
      onFocus={(e) => e.currentTarget.setSelectionRange(text.length, text.length)}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => commit(false)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
          e.preventDefault();
          commit(true);
        } else if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          if (!sending.current) finish('unchanged', true);
        }
      }}
    />
  );
}

/** One translation of one key: shows the text (or "Missing"); a click or Enter edits it in place. */
export const TranslationCell = memo(function TranslationCell({
  entryKey,
  language,
  value,
  row,
  col,
  onSaved,
  readOnly,
}: {
  entryKey: string;
  language: Language;
  value: string | undefined;
  row: number;
  col: number;
  onSaved: (key: string) => void;
  /** The role may read the strings but not change them: the cell does not open for editing. */
  readOnly: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Back to the cell after Enter or Escape; a click elsewhere keeps the focus where it went.
  const focusBack = useRef(false);
  const missing = value === undefined;

  useEffect(() => {
    if (!editing && focusBack.current) {
      focusBack.current = false;
      button.current?.focus();
    }
  }, [editing]);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MARK_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  return (
    <Table.Td
      className={`${classes.cell} ${missing && !editing ? classes.missing : ''}`}
      style={{ padding: 4 }}
      data-missing={missing}
    >
      {editing ? (
        <CellEditor
          entryKey={entryKey}
          language={language}
          value={value}
          onDone={(outcome, byKeyboard) => {
            focusBack.current = byKeyboard;
            setEditing(false);
            if (outcome === 'saved') {
              setSaved(true);
              onSaved(entryKey);
            }
          }}
        />
      ) : (
        <UnstyledButton
          ref={button}
          className={classes.cellButton}
          data-cell={`${row}:${col}`}
          onClick={readOnly ? undefined : () => setEditing(true)}
          onKeyDown={(e) => moveFocus(e, row, col)}
        >
          <VisuallyHidden>
            {readOnly ? '' : 'Edit '}
            {language.name} of {entryKey}:{' '}
          </VisuallyHidden>
          {missing ? (
            <Badge
              tt="none"
              variant="light"
              color="orange"
              radius="sm"
              leftSection={<IconAlertTriangle size={12} aria-hidden />}
              c={WARNING_TEXT}
            >
              Missing
            </Badge>
          ) : value === '' ? (
            <Text size="sm" fs="italic" c="dimmed" className={classes.text}>
              Empty text
            </Text>
          ) : (
            <Text size="sm" className={classes.text} lineClamp={4}>
              {value}
            </Text>
          )}
          {saved ? (
            <>
              <IconCheck size={16} color="var(--mantine-color-green-6)" aria-hidden style={{ flex: 'none' }} />
              <VisuallyHidden> (saved)</VisuallyHidden>
            </>
          ) : null}
        </UnstyledButton>
      )}
    </Table.Td>
  );
});
