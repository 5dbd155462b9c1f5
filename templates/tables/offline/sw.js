{% load static %}// The dealer's tablet through a drop in the floor's Wi-Fi (issue 33), served at
// /dealer/sw.js so that it keeps the dealer's pages (/dealer/...): each page he opens is
// kept as it last came (the network first, the copy kept when there is none), and the
// assets they need are kept on install (cache first: their names change with their
// text). What he records offline never passes here: the page queues it in IndexedDB
// (static/js/offline/queue.js) and sends it itself. Version {{ version }}.
"use strict";
var VERSION = "{{ version }}";
var PAGES = "dealer-pages-" + VERSION, ASSETS = "dealer-assets-" + VERSION;
var KEPT = [
  "{% static 'css/app.css' %}", "{% static 'css/floor.css' %}",
  "{% static 'js/menu.js' %}", "{% static 'js/dealer.js' %}",
  "{% static 'js/offline/check.js' %}", "{% static 'js/offline/queue.js' %}",
  "{% static 'js/offline/forms.js' %}",
  "{% static 'img/favicon.svg' %}"
];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS).then(function (cache) { return cache.addAll(KEPT); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("dealer-") === 0 && name !== PAGES && name !== ASSETS;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// A page asks to keep the pages it links to (the dealer's page: his tables' forms), so
// that a form he has not opened yet today still opens without the network.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.forget) {   // the dealer logs out: his pages are not the next dealer's
    event.waitUntil(caches.delete(PAGES));
    return;
  }
  if (data.keep) {
    // Only a page not kept yet is fetched (a page opened is kept anew as it comes): a fetch
    // behind the dealer's back answers with the CSRF cookie of its moment, and one that
    // lands after he logged out and in again would undo his new one. Never followed to
    // the log-in page either.
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      return Promise.all(data.keep.map(function (url) {
        return cache.match(url).then(function (kept) {
          if (kept) return;
          return fetch(url, {credentials: "same-origin", redirect: "manual"}).then(function (answer) {
            if (answer.ok && answer.type === "basic") return cache.put(url, answer);
          });
        }).catch(function () {});
      }));
    }));
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (KEPT.indexOf(url.pathname) >= 0) {
    event.respondWith(caches.match(request).then(function (kept) {
      return kept || fetch(request);
    }));
    return;
  }
  if (request.mode === "navigate" && url.pathname.indexOf("/dealer/") === 0) {
    event.respondWith(fetch(request).then(function (answer) {
      // A page as it came, kept by its address without the query (?hand=12 is a moment).
      if (answer.ok && !answer.redirected) {
        var copy = answer.clone();
        caches.open(PAGES).then(function (cache) { cache.put(url.pathname, copy); });
      }
      return answer;
    }).catch(function () {
      return caches.open(PAGES).then(function (cache) {
        return cache.match(url.pathname);
      }).then(function (kept) {
        return kept || new Response(
          "<!doctype html><html lang=\"en\"><title>No network</title><main><p>No network, " +
          "and this page was not opened on this tablet before.</p><p><a href=\"/dealer/\">" +
          "Back to my tables</a></p></main></html>",
          {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
      });
    }));
  }
});
