// The federated entry ('./app'): single-spa parcel lifecycles the shell mounts under '/app' or at top level.
import { createRemoteApp } from 'shared-auth';
import { App } from './routes';

export const { bootstrap, mount, unmount, update } = createRemoteApp(App);
