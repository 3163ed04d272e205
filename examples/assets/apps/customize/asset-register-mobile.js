// Asset register (mobile): show the asset tag in the page title.
(function () {
  'use strict';
  window.appEvents = window.appEvents || [];
  window.appEvents.push({
    events: ['mobile.app.record.detail.show'],
    handler: function (event) {
      document.title = event.record.asset_tag.value + ' · Assets';
      return event;
    },
  });
})();
