import { nodeStorageFs, type StorageFile, type StorageFs } from '../storage/storage-fs';

export type FaultStep = 'mkdir' | 'create' | 'write' | 'sync' | 'close' | 'rename';

export interface Fault {
  /** The call that fails. */
  at: FaultStep;
  /** The errno raised: ENOSPC, EDQUOT, EROFS, EACCES, EPERM … */
  code: string;
  /** With `at: 'write'`: this many bytes really reach the file first (a disk filling mid-write). */
  afterBytes?: number;
}

/** An error shaped like Node's own file-system errors. */
export function fsError(code: string, syscall: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected fault, ${syscall} '${file}'`), { code, syscall, path: file, errno: -1 });
}

/**
 * The real file system with one fault switched on or off at will: `set({ at: 'write',
 * code: 'ENOSPC' })` makes every write fail from then on, `clear()` heals it. Every call
 * is counted in `calls`.
 */
export function faultyFs(): StorageFs & { set(f: Fault): void; clear(): void; calls: string[] } {
  let fault: Fault | undefined;
  const calls: string[] = [];
  const check = (step: FaultStep, file: string, syscall: string = step) => {
    calls.push(`${step} ${file}`);
    if (fault?.at === step && !(step === 'write' && fault.afterBytes)) throw fsError(fault.code, syscall, file);
  };
  return {
    calls,
    set: (f) => {
      fault = f;
    },
    clear: () => {
      fault = undefined;
    },
    mkdir: async (dir) => {
      check('mkdir', dir);
      await nodeStorageFs.mkdir(dir);
    },
    create: async (file) => {
      check('create', file, 'open');
      const real = await nodeStorageFs.create(file);
      let written = 0;
      const handle: StorageFile = {
        write: async (data) => {
          check('write', file);
          const f = fault;
          if (f?.at === 'write' && f.afterBytes !== undefined) {
            const room = Math.max(0, f.afterBytes - written);
            if (room === 0) throw fsError(f.code, 'write', file);
            const r = await real.write(data.subarray(0, Math.min(room, data.length)));
            written += r.bytesWritten;
            return r;
          }
          const r = await real.write(data);
          written += r.bytesWritten;
          return r;
        },
        sync: async () => {
          check('sync', file, 'fsync');
          await real.sync();
        },
        close: async () => {
          // The real file is closed either way (no descriptor leaks), then the fault raised.
          await real.close();
          check('close', file);
        },
      };
      return handle;
    },
    rename: async (from, to) => {
      check('rename', from);
      await nodeStorageFs.rename(from, to);
    },
    remove: (file) => nodeStorageFs.remove(file),
    readdir: (dir) => nodeStorageFs.readdir(dir),
    mtimeMs: (file) => nodeStorageFs.mtimeMs(file),
    freeBytes: (dir) => nodeStorageFs.freeBytes(dir),
  };
}
