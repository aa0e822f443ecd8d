import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout; secrets never reach them. */
export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  return pino({
    level,
    base: { app: 'kade' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.confirmPassword', '*.token'],
      censor: '[hidden]',
    },
    ...(options.pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,app' } } }
      : {}),
  });
}
