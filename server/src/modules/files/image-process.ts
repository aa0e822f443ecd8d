// The server's side of its image process (image-worker.ts): a child process, started on the first upload and
// stopped after a quiet minute, that decodes and encodes pictures at a low CPU priority. On two cores an encode
// in the server's own thread pool took a core from the shop's reads while it ran; at niceness 10 it weighs about
// a tenth of an ordinary thread, so it takes mostly what the reads leave idle yet still finishes while they keep
// the cores busy (at 19 uploads waited minutes behind a busy shop, longer than a proxy waits). The memory of its
// decodes goes back to the system when it stops. The image queue (service.ts) decides how many jobs it gets.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isErrorCode } from '@kade/shared';
import { AppError } from '../../http/errors';
import type { CheckedImage, ImageLimits, ImageOptions, PreparedImage } from './image';

/** A job for the image process. */
export interface ImageJob {
  id: number;
  image: CheckedImage;
  limits: ImageLimits;
  options: ImageOptions;
}

/** What the image process answers: once `ready`, then one reply per job. */
export type ImageReply =
  | { ready: true }
  | { id: number; ok: true; image: PreparedImage }
  | { id: number; ok: false; error: { code?: string; message: string; field?: string } };

export interface ImageProcess {
  encode(image: CheckedImage, limits: ImageLimits, options: ImageOptions): Promise<PreparedImage>;
  /** Stops the process; jobs in flight fail. */
  close(): void;
  /** The running process's id, if one runs (for tests). */
  pid(): number | undefined;
}

/** How much lower the image process's priority is than the server's (0 ordinary, 19 the lowest). */
export const DEFAULT_NICENESS = 10;

/** Built for production (server/scripts/build.mjs), this module is part of dist/main.js, beside dist/image-worker.js. */
const COMPILED = import.meta.url.endsWith('.js');
const WORKER_FILE = fileURLToPath(new URL(COMPILED ? './image-worker.js' : './image-worker.ts', import.meta.url));
/** Under tsx (tests, development) the worker needs tsx's loader, by absolute address so the process starts whatever the server's working folder; compiled, nothing. */
const workerExecArgv = (): string[] => (COMPILED ? [] : ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]);

interface Waiting {
  resolve(image: PreparedImage): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** The bytes of a row came through the channel as a plain Uint8Array: the database driver wants a Buffer. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function createImageProcess(options: { niceness?: number; idleMs?: number; jobTimeoutMs?: number } = {}): ImageProcess {
  const niceness = options.niceness ?? DEFAULT_NICENESS;
  const idleMs = options.idleMs ?? 60_000;
  const jobTimeoutMs = options.jobTimeoutMs ?? 120_000;
  let started: Promise<ChildProcess> | undefined;
  let current: ChildProcess | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;
  const waiting = new Map<number, Waiting>();

  const failAll = (error: Error) => {
    for (const job of waiting.values()) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    waiting.clear();
  };

  const stop = () => {
    const child = current;
    current = undefined;
    started = undefined;
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };

  function start(): Promise<ChildProcess> {
    started ??= new Promise<ChildProcess>((resolve, reject) => {
      const child = fork(WORKER_FILE, [], {
        execArgv: workerExecArgv(),
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: { ...process.env, KADE_IMAGE_NICENESS: String(niceness) },
      });
      current = child;
      // Neither the process nor its channel keeps the server's process alive.
      child.unref();
      child.channel?.unref();
      child.on('message', (reply: ImageReply) => {
        if ('ready' in reply) {
          resolve(child);
          return;
        }
        const job = waiting.get(reply.id);
        if (!job) return;
        waiting.delete(reply.id);
        clearTimeout(job.timer);
        if (reply.ok) job.resolve({ ...reply.image, rows: reply.image.rows.map((row) => ({ ...row, data: asBuffer(row.data as Uint8Array) })) });
        else {
          const { code, message, field } = reply.error;
          job.reject(isErrorCode(code) ? new AppError(code, message, field === undefined ? {} : { field }) : new Error(`the image process failed: ${message}`));
        }
        if (waiting.size === 0) {
          idle = setTimeout(stop, idleMs);
          idle.unref();
        }
      });
      child.once('error', (error) => {
        reject(error);
        failAll(new Error(`the image process failed: ${error.message}`));
      });
      child.once('exit', (code, signal) => {
        if (current === child) {
          current = undefined;
          started = undefined;
        }
        reject(new Error(`the image process stopped before it was ready (${signal ?? code})`));
        failAll(new Error(`the image process stopped (${signal ?? code})`));
      });
    });
    return started;
  }

  return {
    async encode(image, limits, jobOptions) {
      clearTimeout(idle);
      const child = await start();
      const id = nextId++;
      return new Promise<PreparedImage>((resolve, reject) => {
        const timer = setTimeout(() => {
          // A job this slow is stuck: the process goes, and with it every job it held.
          stop();
          failAll(new Error(`an image took more than ${jobTimeoutMs / 1000} s`));
        }, jobTimeoutMs);
        timer.unref();
        waiting.set(id, { resolve, reject, timer });
        child.send({ id, image, limits, options: jobOptions } satisfies ImageJob);
      });
    },
    close() {
      clearTimeout(idle);
      stop();
      failAll(new Error('the image process was closed'));
    },
    pid: () => current?.pid,
  };
}
