import { describe, expect, it } from 'vitest';
import { SafeStorageSecretStore } from '../../src/main/safe-storage-secrets.ts';
import type { SecretStore } from '../../src/server/boot.ts';

/** An in-memory file store and a stand-in keychain that "encrypts" by reversing, to see what reaches the file. */
class MemoryFiles implements SecretStore {
  readonly files = new Map<string, string>();
  async read(name: string) {
    return this.files.get(name);
  }
  async write(name: string, value: string) {
    this.files.set(name, value);
  }
  async remove(name: string) {
    this.files.delete(name);
  }
}

function keychain(available: boolean, backend: 'basic_text' | 'gnome_libsecret' = 'gnome_libsecret', rotate = false) {
  return {
    isAsyncEncryptionAvailable: async () => available,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async (plain: string) => Buffer.from([...plain].reverse().join(''), 'utf8'),
    decryptStringAsync: async (encrypted: Buffer) => ({ result: [...encrypted.toString('utf8')].reverse().join(''), shouldReEncrypt: rotate }),
  };
}

describe('the desktop app’s secret store (Electron async safeStorage over the 0600 file store)', () => {
  it('writes only ciphertext to the file and reads the secret back', async () => {
    const files = new MemoryFiles();
    const store = new SafeStorageSecretStore(files, keychain(true), () => undefined);
    await store.write('hub-token', 'lms_secret');
    expect(files.files.get('hub-token')).toMatch(/^safe-storage:v1:/);
    expect(files.files.get('hub-token')).not.toContain('lms_secret');
    expect(await store.read('hub-token')).toBe('lms_secret');
    await store.remove('hub-token');
    expect(await store.read('hub-token')).toBeUndefined();
  });

  it('re-encrypts when the keychain rotated its key', async () => {
    const files = new MemoryFiles();
    await new SafeStorageSecretStore(files, keychain(true), () => undefined).write('hub-token', 'lms_secret');
    let writes = 0;
    const counting = Object.assign(Object.create(files) as MemoryFiles, { write: async (n: string, v: string) => (writes++, files.write(n, v)) });
    expect(await new SafeStorageSecretStore(counting, keychain(true, 'gnome_libsecret', true), () => undefined).read('hub-token')).toBe('lms_secret');
    expect(writes).toBe(1);
  });

  it('without a usable keychain, warns once and keeps the file store’s protection only', async () => {
    const warnings: string[] = [];
    const files = new MemoryFiles();
    const store = new SafeStorageSecretStore(files, keychain(false), (m) => warnings.push(m));
    await store.write('a', 'one');
    await store.write('b', 'two');
    expect(await store.read('a')).toBe('one');
    expect(warnings).toHaveLength(1);
    if (process.platform === 'linux') {
      await new SafeStorageSecretStore(files, keychain(true, 'basic_text'), (m) => warnings.push(m)).write('c', 'three');
      expect(files.files.get('c')).toBe('three');
    }
  });
});
