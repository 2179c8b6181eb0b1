// Built like every app by the root factory; federation options (name, exposes) are in module-federation.config.js.
module.exports = () => require('../webpack.app.cjs').createWebpackConfig({ name: 'mf_payments', dirname: __dirname, port: 3003, isHost: false });
