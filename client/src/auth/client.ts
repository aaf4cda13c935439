import { AuthClient, STORAGE_KEY, type KeyValueStorage } from './auth-client';

function webLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(name, fn) : fn();
}

/** Outside a browser (unit tests of modules that import this) sessions live in memory. */
function memoryStorage(): KeyValueStorage {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const inBrowser = typeof window !== 'undefined';

/** The browser's one auth client: sessions in localStorage, shared by every tab. */
export const authClient = new AuthClient({
  storage: inBrowser ? window.localStorage : memoryStorage(),
  withLock: webLock,
});

if (inBrowser) {
  window.addEventListener('storage', (e) => {
    if (e.storageArea === window.localStorage && (e.key === null || e.key === STORAGE_KEY)) {
      authClient.handleStorageChange(e.key);
    }
  });
}
