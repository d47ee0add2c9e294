import { chmod, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Secrets the server must read back later (the device's access token on its hub), by name. The server core takes
 * one from its host: the desktop app encrypts with the OS keychain (Electron safeStorage, in src/main); headless,
 * `FileSecretStore` keeps them in files only the user can read.
 */
export interface SecretStore {
  read(name: string): Promise<string | undefined>;
  write(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
}

const NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** One file per secret, `<dataDir>/<name>.secret`, mode 0600, replaced atomically (a crash leaves old or new). */
export class FileSecretStore implements SecretStore {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  async read(name: string): Promise<string | undefined> {
    try {
      return await readFile(this.#path(name), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async write(name: string, value: string): Promise<void> {
    const file = this.#path(name);
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, value, { mode: 0o600 });
    // The mode given to writeFile is masked by the umask and ignored for an existing file: set it outright.
    await chmod(temp, 0o600);
    await rename(temp, file);
  }

  async remove(name: string): Promise<void> {
    await rm(this.#path(name), { force: true });
  }

  #path(name: string): string {
    if (!NAME.test(name)) throw new Error(`invalid secret name "${name}"`);
    return join(this.#dir, `${name}.secret`);
  }
}
