/** Federation options for mf-inventory, apart from the webpack config: the shell mounts what './app' exports. */
module.exports = {
  name: 'mf_inventory',
  exposes: { './app': './src/app.tsx' },
};
