/**
 * Where the server's log lines go: standard output, written without ever blocking the process.
 *
 * pino's own destination (sonic-boom) flushes synchronously when the process exits, retrying every 100 ms for as
 * long as the write answers EAGAIN: with a stdout pipe or socket whose reader stopped reading (a terminal program,
 * a log shipper or a harness that went away without closing it), `process.exit()` then never returns, and the
 * process stays alive for good with its timers, its children and its sockets never looked at again (issue 29).
 * Here each line goes through `process.stdout` (libuv: asynchronous for pipes and sockets, dropped at exit), and
 * while more than `maxBufferedBytes` wait to be read, lines are dropped and counted instead of piling up in memory.
 */
export type LogOutput = { write(line: string): void };

type Out = { write(chunk: string): boolean; readonly writableLength: number };

export function logOutput(out: Out = process.stdout, maxBufferedBytes = 4 * 1024 * 1024): LogOutput {
  let dropped = 0;
  return {
    write(line: string) {
      if (out.writableLength > maxBufferedBytes) {
        dropped += 1;
        return;
      }
      if (dropped > 0) {
        const note = {
          level: 40,
          time: Date.now(),
          pid: process.pid,
          msg: `${dropped} log lines dropped: standard output was not read`,
        };
        out.write(`${JSON.stringify(note)}\n`);
        dropped = 0;
      }
      out.write(line);
    },
  };
}
