/**
 * Federation options of the shell (the host). No static remotes: their locations come from /remotes.json at
 * run time (src/remotes/remotes-config.ts), so a remote is redeployed without rebuilding the shell.
 */
module.exports = {
  name: 'shell',
  runtimePlugins: ['./src/remotes/remote-load-plugin.ts'],
};
