/** A process with the handlers installed that, on command, rejects a promise nobody awaits or throws. */
import { createLogger } from './logger';
import { installProcessHandlers } from './process-handlers';

installProcessHandlers(createLogger({ logLevel: 'info', env: 'test' }));
process.stdin.setEncoding('utf8');
process.stdin.on('data', (line: string) => {
  const cmd = line.trim();
  if (cmd === 'reject') {
    void Promise.reject(new Error('command timed out (redis)'));
    setTimeout(() => process.stdout.write('alive\n'), 50);
  } else if (cmd === 'throw') {
    setTimeout(() => {
      throw new Error('boom');
    }, 0);
  }
});
process.stdout.write('ready\n');
