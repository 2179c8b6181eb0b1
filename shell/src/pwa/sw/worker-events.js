/* global self */
/*
 * The service worker's own events: its lifecycle, web push and notification clicks (SPEC.md §9). A plain script (no
 * imports, no exports): service-worker.mjs bundles it into the one worker at the site root, and
 * shell/src/notifications/firebase-messaging-sw.test.ts runs this very file against a fake `self`.
 *
 * Firebase's page SDK (shared-auth/src/push.ts) subscribes that same worker; no Firebase code is needed here because
 * an FCM HTTP v1 web push arrives as a plain Push API event whose data is JSON: { notification: {title, body},
 * data: {notificationId, type, title, body, link}, from, fcmMessageId, ... } (FCM data values are strings; an empty
 * link means nothing to open).
 *
 * A focused tab gets the message ({kind: 'push', message}) and shows it as a toast; with none, the push becomes a
 * system notification. A click on one opens its link under /app in an open tab, or in a new window.
 */

// SPEC.md §3 defaults; the same strings as shared-api's PUSH_DEFAULT_TITLE / PUSH_DEFAULT_BODY (the test checks).
var DEFAULT_TITLE = 'Notification';
var DEFAULT_BODY = 'You have a new notification';
// Signed-in screens live under /app (SPEC.md §2); a notice without a link opens the notifications page.
var APP_PREFIX = '/app';
var NO_LINK_PAGE = '/notifications';

function text(value, fallback) {
  return typeof value === 'string' && value.trim() ? value : fallback;
}

/** The PushMessage of shared-api from an FCM payload (data first: it is what the server fills completely). */
function messageOf(payload) {
  var data = (payload && payload.data) || {};
  var notification = (payload && payload.notification) || {};
  var link = text(data.link, '');
  return {
    notificationId: text(data.notificationId, ''),
    type: text(data.type, 'GENERAL'),
    title: text(data.title, text(notification.title, DEFAULT_TITLE)),
    body: text(data.body, text(notification.body, DEFAULT_BODY)),
    link: link.charAt(0) === '/' ? link : null,
  };
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    // Not JSON (a test push from the browser's devtools): its text is the body.
    return { notification: { body: event.data.text() } };
  }
}

function windows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

function onPush(event) {
  var message = messageOf(readPayload(event));
  event.waitUntil(
    windows().then(function (clients) {
      var focused = clients.filter(function (client) {
        return client.focused;
      });
      if (focused.length > 0) {
        focused.forEach(function (client) {
          client.postMessage({ kind: 'push', message: message });
        });
        return undefined;
      }
      return self.registration.showNotification(message.title, {
        body: message.body,
        // The same notification pushed twice replaces itself instead of stacking.
        tag: message.notificationId || undefined,
        data: message,
      });
    }),
  );
}

function onNotificationClick(event) {
  event.notification.close();
  var message = event.notification.data || {};
  var url = new URL(APP_PREFIX + (message.link || NO_LINK_PAGE), self.location.origin).href;
  event.waitUntil(
    windows().then(function (clients) {
      var open = clients.filter(function (client) {
        return new URL(client.url).origin === self.location.origin;
      })[0];
      if (!open) return self.clients.openWindow(url);
      return open.focus().then(function (client) {
        // navigate() needs a tab this worker controls (activate claims them); otherwise open a window.
        return (client || open).navigate(url).catch(function () {
          return self.clients.openWindow(url);
        });
      });
    }),
  );
}

// skipWaiting: a new worker takes over at once instead of waiting for every tab to close. Safe because the caches
// cannot mix versions: chunks are content-hashed (each tab asks for the names its own entry lists, never an old
// name for new content), and entries (index.html, main.js, remoteEntry.js, mf-manifest.json, remotes.json) always
// come from the network first. Waiting would keep an old shell, and old push handling, while any tab stays open.
self.addEventListener('install', function () {
  self.skipWaiting();
});
// clients.claim: the tabs open now are controlled at once, so the first visit already leaves a portal that starts
// offline, and a notification click can navigate an open tab (navigate() needs a controlled one).
self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});
self.addEventListener('push', onPush);
self.addEventListener('notificationclick', onNotificationClick);
