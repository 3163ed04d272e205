// Opens the customer's deals from a record. The Deals app's id differs per environment: it comes
// from window.appdeploy, which the `generated: environment` entry loads before this file.
(function () {
  'use strict';
  kintone.events.on('app.record.detail.show', function (event) {
    var deals = window.appdeploy.apps.deals;
    var query = 'customer = "' + event.record.company.value.replace(/"/g, '\\"') + '"';
    var link = document.createElement('a');
    link.href = '/k/' + deals + '/?query=' + encodeURIComponent(query);
    link.textContent = 'Deals of this customer (' + window.appdeploy.env + ')';
    kintone.app.record.getHeaderMenuSpaceElement().appendChild(link);
    return event;
  });
})();
