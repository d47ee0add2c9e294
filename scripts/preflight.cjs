// Every npm script runs this first, on whatever `node` the shell finds. Node before 24 cannot even parse the
// .ts entry points (it fails with ERR_UNKNOWN_FILE_EXTENSION), so this file is plain CommonJS in syntax that
// old versions accept, and it turns that failure into one line saying what to install and how.
'use strict';

var engines = require('../package.json').engines.node;
var required = Number(/\d+/.exec(engines)[0]);
var running = Number(process.versions.node.split('.')[0]);

if (running < required) {
  console.error(
    'Outpost needs Node.js ' + required + ' or newer, but this shell runs Node ' + process.version + ' (' + process.execPath + '); ' +
      'install Node ' + required + ' and make it your default (with nvm: nvm install ' + required + ' && nvm alias default ' + required +
      '; other ways in README.md, "Wrong Node version"), then run the command again.',
  );
  process.exit(1);
}
