/** Federation options for mf-accounting, apart from the webpack config: the shell mounts what './app' exports. */
module.exports = {
  name: 'mf_accounting',
  exposes: { './app': './src/app.tsx' },
};
