/** Federation options for mf-payments, apart from the webpack config: the shell mounts what './app' exports. */
module.exports = {
  name: 'mf_payments',
  exposes: { './app': './src/app.tsx' },
};
