// Asset register: warn on the record page when the warranty has run out.
(function () {
  'use strict';
  var events = ['app.record.detail.show', 'app.record.edit.show'];
  window.appEvents = window.appEvents || [];
  window.appEvents.push({
    events: events,
    handler: function (event) {
      var until = event.record.warranty_until && event.record.warranty_until.value;
      if (until && new Date(until) < new Date()) {
        document.body.classList.add('asset-warranty-expired');
      }
      return event;
    },
  });
})();
