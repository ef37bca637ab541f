import { IconLock } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext } from 'react';
import { Notice } from '../feedback/index.ts';

const ReadOnlyContext = createContext(false);

/** True inside a form the signed-in role may read but not change (EditorModal's `readOnly`). */
export const useReadOnly = () => useContext(ReadOnlyContext);

export const READ_ONLY_NOTICE = 'Your role may view this but not change it';

/**
 * Everything inside is shown but cannot be changed: one disabled fieldset disables every field and button in it
 * (the browser's own rule, so a part added later is covered too), and the notice says why.
 */
export function ReadOnly({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  if (!readOnly) return children;
  return (
    <ReadOnlyContext.Provider value>
      <fieldset disabled style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </ReadOnlyContext.Provider>
  );
}

/** The short banner above a read-only form or section. */
export function ReadOnlyNotice({ children }: { children?: ReactNode }) {
  return (
    <Notice color="gray" icon={<IconLock size={18} aria-hidden />} testId="read-only">
      {READ_ONLY_NOTICE}
      {children ? <> · {children}</> : '.'}
    </Notice>
  );
}
