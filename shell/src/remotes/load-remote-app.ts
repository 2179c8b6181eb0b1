import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRemoteLifecycles, type RemoteLifecycles } from 'shared-auth';
import { remoteEntry } from './remotes-config';
import type { RemoteName } from './registry';

/**
 * Loads a remote's './app' through the federation runtime (cached after the first success). `fresh` re-registers
 * the remote with `force`, which drops the runtime's cached manifest, entry and module for it, so a Retry
 * really fetches again instead of replaying the cached failure.
 */
export async function loadRemoteApp(name: RemoteName, { fresh = false } = {}): Promise<RemoteLifecycles> {
  const entry = remoteEntry(name);
  if (!entry) throw new Error(`${name} is not listed in /remotes.json`);
  if (fresh) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<unknown>(`${name}/app`);
  if (!isRemoteLifecycles(module)) throw new Error(`${name}/app does not export single-spa lifecycles (bootstrap, mount, unmount)`);
  return module;
}
