/** Federation options for mf-customers, apart from the webpack config: the shell mounts what './app' exports. */
module.exports = {
  name: 'mf_customers',
  exposes: { './app': './src/app.tsx' },
};
