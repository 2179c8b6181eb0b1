// Built like every app by the root factory; federation options (name, exposes) are in module-federation.config.js.
module.exports = () => {
  const config = require('../webpack.app.cjs').createWebpackConfig({ name: 'mf_inventory', dirname: __dirname, port: 3004, isHost: false });
  // The standalone page is opened at deep links (/app/employees/register): it must load main.js from '/', not
  // relative to the URL as publicPath 'auto' does. Local until webpack.app.cjs sets this for remotes' HTML.
  const html = config.plugins.find((plugin) => plugin.constructor.name === 'HtmlWebpackPlugin');
  if (html) html.options.publicPath = '/';
  return config;
};
