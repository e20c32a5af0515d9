/*
 * What waits for me, on every page: the header's count (#waiting-count) follows what waits for the logged-in
 * account, asked of /waiting/items every few seconds with the page's session (an answer served from a cache until
 * something is stored). The page /waiting redraws its list when an item comes or goes. A new item, on a page the
 * player is not looking at (in the background or without focus), is shown as a browser notification when the
 * player allowed them: asked once, from the button on /waiting (never on load), with the tracker's icon; a click
 * opens the item. Items already seen in this browser session are not told again (sessionStorage), so moving from
 * page to page or having several pages open tells each item once (the notification's tag is the item's key too).
 * No inline script or style: the Content-Security-Policy refuses them.
 */
(function () {
    'use strict';

    var EVERY = 1500;
    var SEEN = 'tracker.waiting.seen';
    var shownKeys = null;

    function seen() {
        try {
            var raw = sessionStorage.getItem(SEEN);
            return raw === null ? null : JSON.parse(raw);
        } catch (e) {
            return null;
        }
    }

    function remember(keys) {
        try {
            sessionStorage.setItem(SEEN, JSON.stringify(keys));
        } catch (e) { /* private mode: told again at worst */ }
    }

    function supported() {
        return 'Notification' in window;
    }

    function away() {
        return document.visibilityState !== 'visible' || !document.hasFocus();
    }

    function notify(item) {
        if (!supported() || Notification.permission !== 'granted' || !away()) {
            return;
        }
        try {
            var n = new Notification('Campaign tracker: ' + item.scenario, {
                body: item.words, icon: '/favicon.svg', tag: item.key
            });
            n.onclick = function () {
                window.focus();
                location.href = item.link;
                n.close();
            };
        } catch (e) { /* a browser that shows notifications only from a service worker: the count still says */ }
    }

    function showCount(count) {
        var badge = document.getElementById('waiting-count');
        if (badge) {
            badge.textContent = String(count);
            badge.setAttribute('data-count', String(count));
        }
        var link = document.getElementById('waiting-link');
        if (link) {
            link.setAttribute('aria-label', 'What waits for me: ' + count);
        }
    }

    function redrawList() {
        var list = document.getElementById('waiting-list');
        if (!list) {
            return;
        }
        fetch(location.pathname, {credentials: 'same-origin', headers: {'Accept': 'text/html'}})
            .then(function (r) { return r.ok ? r.text() : null; })
            .then(function (html) {
                if (!html) {
                    return;
                }
                var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById('waiting-list');
                if (fresh) {
                    list.replaceWith(document.importNode(fresh, true));
                }
            })
            .catch(function () { /* the next round tries again */ });
    }

    function poll() {
        fetch('/waiting/items', {credentials: 'same-origin', headers: {'Accept': 'application/json'}})
            .then(function (r) {
                if (r.status === 401 || r.redirected) {
                    return null; // logged out: live.js leads to the login page where it matters
                }
                return r.ok ? r.json() : null;
            })
            .then(function (answer) {
                if (!answer) {
                    return;
                }
                showCount(answer.count);
                var keys = answer.items.map(function (i) { return i.key; });
                var known = seen();
                if (known !== null) {
                    answer.items.forEach(function (item) {
                        if (known.indexOf(item.key) < 0) {
                            notify(item);
                        }
                    });
                }
                // keep what is still waiting (an item that went and came back is not new)
                remember(keys);
                var drawn = keys.join(' ');
                if (shownKeys !== null && shownKeys !== drawn) {
                    redrawList();
                }
                shownKeys = drawn;
            })
            .catch(function () { /* away for a moment: the next round tries again */ })
            .then(function () {
                setTimeout(poll, EVERY);
            });
    }

    function permissionButton() {
        var box = document.getElementById('notify-box');
        var button = document.getElementById('notify-button');
        var state = document.getElementById('notify-state');
        if (!box || !button) {
            return;
        }
        if (!supported()) {
            return;
        }
        function say() {
            var p = Notification.permission;
            button.hidden = p !== 'default';
            state.textContent = p === 'granted' ? 'This browser tells you when something new waits while the '
                + 'tracker is in the background.' : p === 'denied' ? 'This browser does not show the tracker\'s '
                + 'notifications (allow them in its site settings to have them).' : '';
        }
        button.addEventListener('click', function () {
            var asked = Notification.requestPermission(say);
            if (asked && asked.then) {
                asked.then(say);
            }
        });
        box.hidden = false;
        say();
    }

    function start() {
        if (!document.getElementById('waiting-count')) {
            return; // not logged in
        }
        var list = document.getElementById('waiting-list');
        if (list) {
            var keys = [];
            var items = list.querySelectorAll('[data-key]');
            for (var i = 0; i < items.length; i++) {
                keys.push(items[i].getAttribute('data-key'));
            }
            shownKeys = keys.join(' ');
        }
        permissionButton();
        poll();
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', start);
    } else {
        start();
    }
}());
