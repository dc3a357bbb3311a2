/**
 * Start-up failures a shop owner can fix (a data folder in use or read-only, a bad setting, an
 * unreachable database) end the process with ONE line naming what to fix and a non-zero exit,
 * never a stack trace. Anything else is a bug and keeps its stack.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** The message of a Node system error without its syscall noise ("permission denied (EACCES)"). */
export function describeSystemError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    EROFS: 'read-only file system',
    ENOTDIR: 'a part of the path is a file, not a folder',
    EEXIST: 'it exists and is not a folder',
    ENOENT: 'no such file or folder',
    ENOSPC: 'no space left on the device',
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'host not found',
    ETIMEDOUT: 'timed out',
    EHOSTUNREACH: 'host unreachable',
  };
  const reason = code ? reasons[code] : undefined;
  return reason ? `${reason} (${code})` : error.message;
}

/**
 * Print the one line for a StartupError (the stack for anything else) and exit non-zero.
 * `hint` is appended to a StartupError's line, e.g. what create-admin's user can do instead.
 */
export function exitOnStartupError(
  error: unknown,
  hint?: (error: StartupError) => string | undefined,
): never {
  if (error instanceof StartupError) {
    const extra = hint?.(error);
    console.error(extra ? `${error.message}; ${extra}` : error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
}
