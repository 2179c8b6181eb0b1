/** Federation options for mf-orders, apart from the webpack config: the shell mounts what './app' exports. */
module.exports = {
  name: 'mf_orders',
  exposes: { './app': './src/app.tsx' },
};
