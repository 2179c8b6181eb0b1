// Built like every app by the root factory; federation options (name, exposes) are in module-federation.config.js.
module.exports = () => require('../webpack.app.cjs').createWebpackConfig({ name: 'mf_accounting', dirname: __dirname, port: 3002, isHost: false });
