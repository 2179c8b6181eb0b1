import type { PushTokenRequest } from 'shared-api';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Caller } from '../../http/access';
import { upsertPushToken } from './repository';

export class PushService {
  constructor(
    private readonly db: Database,
    private readonly config: Config,
  ) {}

  async saveToken(caller: Caller, input: PushTokenRequest): Promise<void> {
    await upsertPushToken(this.db, caller.userId, input, this.config.now());
  }
}
