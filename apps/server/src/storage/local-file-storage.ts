/**
 * The default storage: files under a folder (DATA_DIR). Several server processes share it
 * when that folder is one shared volume (NFS, a Kubernetes ReadWriteMany volume...): every
 * process then reads what any other wrote, which is what a download behind a load balancer
 * needs. Renames stay within the folder, so they are atomic on POSIX file systems.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { checkKey } from './file-storage';
import type { FileStorage, PutOptions, StoredFileInfo, WriteOptions } from './file-storage';

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

export class LocalFileStorage implements FileStorage {
  readonly description: string;

  constructor(private readonly root: string) {
    this.description = `files in ${root}`;
  }

  private path(key: string): string {
    return join(this.root, ...checkKey(key).split('/'));
  }

  private async parentOf(key: string): Promise<string> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    return path;
  }

  async put(key: string, content: Buffer, options: PutOptions = {}): Promise<void> {
    await writeFile(await this.parentOf(key), content, { flag: options.exclusive ? 'wx' : 'w' });
  }

  async openWrite(key: string, options: WriteOptions = {}): Promise<Writable> {
    const path = await this.parentOf(key);
    const stream = createWriteStream(path, options.bufferBytes ? { highWaterMark: options.bufferBytes } : {});
    // Opened before handing it out, so a bad path fails here and not mid-pipeline.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async openRead(key: string): Promise<Readable | undefined> {
    const path = this.path(key);
    const stream = createReadStream(path);
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (error) => (isMissing(error) ? resolve(undefined) : reject(error)));
    });
  }

  async stat(key: string): Promise<StoredFileInfo | undefined> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async rename(from: string, to: string): Promise<void> {
    await rename(this.path(from), await this.parentOf(to));
  }
}
