module.exports = () =>
  require('../webpack.app.cjs').createWebpackConfig({ name: 'shell', dirname: __dirname, port: 3000, isHost: true });
