import { useEffect, useState } from 'react';
import type * as Y from 'yjs';

/** A text value of the release document's shared `meta` map, kept in React state (co-editors' changes arrive live). */
export function useMetaField(meta: Y.Map<unknown>, key: string): [string, (v: string | null) => void] {
  const read = () => (typeof meta.get(key) === 'string' ? (meta.get(key) as string) : '');
  const [value, setValue] = useState(read);
  useEffect(() => {
    setValue(read());
    const observer = () => setValue(read());
    meta.observe(observer);
    return () => meta.unobserve(observer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meta, key]);
  return [value, (v) => meta.set(key, v)];
}
