import type { CoreServices } from '../../core-services.ts';
import { setupNeeded } from '../../domain/auth/first-run.ts';
import { BUILT_IN_ROLE_IDS } from '../../domain/permissions/index.ts';
import { createUser } from '../../domain/user-directory.ts';
import type { WriteStamp } from '../../domain/repository.ts';
import { KeyedQueue } from '../common/keyed-queue.ts';
import type { FirstPersonParams } from './setup.params.ts';

/** "Use Outpost on this computer": the first person, a teacher who may create courses (an admin of the root account). */
export class SetupService {
  readonly #services: CoreServices;
  /** Two first-run forms submitted at once must not both create an admin. */
  readonly #queue = new KeyedQueue();

  constructor(services: CoreServices) {
    this.#services = services;
  }

  needed(): Promise<boolean> {
    return setupNeeded(this.#services.repos, this.#services.installation.admin_user_id);
  }

  /** Creates the first person with a password login and root-account admin rights; undefined once set up. */
  createFirstPerson(params: FirstPersonParams, requestId: string, now: number): Promise<number | undefined> {
    return this.#queue.run('setup', async () => {
      if (!(await this.needed())) return undefined;
      const { repos, installation } = this.#services;
      const stamp: WriteStamp = { actorId: 0, requestId, now };
      const user = await createUser(
        repos,
        { name: params.name, login_id: params.unique_id, email: params.unique_id.includes('@') ? params.unique_id : null, root_account_id: installation.root_account_id, password: params.password, locale: params.locale ?? null },
        stamp,
      );
      await repos.accountUsers.create(
        { account_id: installation.root_account_id, user_id: user.id, role_id: BUILT_IN_ROLE_IDS.AccountAdmin, workflow_state: 'active' },
        { ...stamp, actorId: user.id },
      );
      return user.id;
    });
  }
}
