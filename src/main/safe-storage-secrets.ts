import type { SafeStorage } from 'electron';
import type { SecretStore } from '../server/boot.ts';

type AsyncSafeStorage = Pick<SafeStorage, 'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend'>;

/** Marks a value encrypted by safeStorage; anything else in the file was written while no keychain was available. */
const ENCRYPTED = 'safe-storage:v1:';

/**
 * Secrets encrypted with the OS keychain (Electron's async safeStorage: the sync calls are deprecated in Electron
 * 45) before they reach the 0600 file store. Where no keychain is available (Linux without one reports
 * `basic_text`, whose key is hard-coded) it says so once and keeps the file store's protection only. Kept free of
 * Electron runtime imports so a unit test can drive it with a stand-in.
 */
export class SafeStorageSecretStore implements SecretStore {
  readonly #files: SecretStore;
  readonly #safe: AsyncSafeStorage;
  readonly #warn: (message: string) => void;
  #warned = false;

  constructor(files: SecretStore, safe: AsyncSafeStorage, warn: (message: string) => void) {
    this.#files = files;
    this.#safe = safe;
    this.#warn = warn;
  }

  async read(name: string): Promise<string | undefined> {
    const stored = await this.#files.read(name);
    if (stored === undefined || !stored.startsWith(ENCRYPTED)) return stored;
    const { result, shouldReEncrypt } = await this.#safe.decryptStringAsync(Buffer.from(stored.slice(ENCRYPTED.length), 'base64'));
    // The keychain rotated its key: store the secret under the new one.
    if (shouldReEncrypt) await this.write(name, result);
    return result;
  }

  async write(name: string, value: string): Promise<void> {
    if (await this.#encrypts()) {
      const encrypted = await this.#safe.encryptStringAsync(value);
      await this.#files.write(name, ENCRYPTED + encrypted.toString('base64'));
      return;
    }
    if (!this.#warned) {
      this.#warned = true;
      this.#warn('No OS keychain is available: the hub token is kept in a file only your user can read, unencrypted.');
    }
    await this.#files.write(name, value);
  }

  remove(name: string): Promise<void> {
    return this.#files.remove(name);
  }

  async #encrypts(): Promise<boolean> {
    if (!(await this.#safe.isAsyncEncryptionAvailable())) return false;
    return process.platform !== 'linux' || this.#safe.getSelectedStorageBackend() !== 'basic_text';
  }
}
