import { useState } from 'react';

/**
 * Which item a screen's edit modal has open (null: a new one). Each opening is a fresh modal (`key`), so nothing of
 * the item edited before survives its close.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<{ key: number; item: T | null } | null>(null);
  return {
    editing,
    open: (item: T | null) => setEditing({ key: Date.now(), item }),
    closed: () => setEditing(null),
  };
}
