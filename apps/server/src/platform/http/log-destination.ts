import pino from 'pino';

/** Where the server's log lines go: what pino writes to, with a way to write out what is waiting. */
export interface LogDestination {
  write(line: string): void;
  flushSync(): void;
}

/**
 * The log's destination: a file descriptor (stdout by default) written asynchronously by pino's own SonicBoom,
 * flushed when the process exits, as pino's default, but given each line as bytes. Given text, SonicBoom measures
 * the lines waiting for the write in flight again at each new line (`Buffer.byteLength` of up to 16 KiB, a rope of
 * the lines joined), a cost under load while a write is out. Given bytes, it adds the new line's length to the
 * ones it keeps.
 */
export function logDestination(fd = 1): LogDestination {
  const sonic = pino.destination({ dest: fd, sync: false, contentMode: 'buffer' });
  // In 'buffer' mode SonicBoom's write takes a Buffer (its types know only the text mode's). Looked up at each
  // line: pino replaces it with a no-op when the reader has gone (EPIPE).
  const bytes = sonic as unknown as { write(bytes: Buffer): boolean };
  return {
    write: (line) => {
      bytes.write(Buffer.from(line));
    },
    flushSync: () => sonic.flushSync(),
  };
}
