// The example plug-in of examples/assets: a Scan button on the record form. It only shows where
// a real scanner would hook in; the platform loads this file on the app's record pages.
(() => {
  'use strict';
  const events = ['app.record.create.show', 'app.record.edit.show'];
  window.appdeployExample = { plugin: 'barcode-scanner', events };
})();
