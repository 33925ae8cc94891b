/** What this machine says of other processes: alive, which one, what it runs (Linux /proc; less elsewhere). */
import { readFileSync } from 'node:fs';

/** Whether process `pid` exists (one of another user's answers EPERM, and exists). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether process group `pgid` still has a member (a zombie not yet reaped counts). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * What tells one process from a later one given the same pid: its start time (clock ticks after boot, field 22
 * of /proc/PID/stat) and the boot it belongs to. Undefined without /proc (macOS) or once the process is gone.
 */
export function processIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count the fields after its end.
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return started ? `${boot}/${started}` : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` has exited but not been reaped by its parent (a stuck parent never reaps it). */
export function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** The command line of `pid`; undefined without /proc (macOS) or once the process is gone. */
export function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Waits until `pid` is gone, at most `timeoutMs`; answers whether it is. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}
