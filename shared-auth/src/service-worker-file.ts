/**
 * SPEC.md §9: push messaging uses a service worker at the site root. It is the shell's one worker (its offline cache
 * and push in one file, shell/src/pwa/sw/): two workers at one scope would replace each other. Its own file so the
 * shell registers the worker without loading push.ts and the API client.
 */
export const SERVICE_WORKER_FILE = 'service-worker.js';
