/*
 * The pages at the table, on every device:
 * - live: a page whose <main> names a stream (data-live-stream) listens to it (server-sent events, one "version"
 *   event per change of the scenario, whichever instance stored it) and, when the scenario moved past the version
 *   the page shows (data-version), fetches the page again and redraws each region marked data-live (by its id)
 *   whose content the change touched: a region drawn the same as before is left in place (its open details,
 *   scroll and focus with it) and only its forms' version is moved on, since what they offer is still what the
 *   page would offer now. A region holding a field the player is typing in is left as it is: its forms still
 *   carry the version they showed, so acting from it is refused as stale (409) with the reason shown.
 * - busy: while an htmx request runs, the page says so (#busy) and the form is marked aria-busy;
 * - failures: a request refused without a page to show (4xx/5xx other than 409/422) or never answered shows its
 *   reason next to the control that sent it;
 * - an expired session (401 from the server, which names the login page) leads to the login page and back here;
 * - focus stays on the control that was used when htmx or a live update redraws it.
 * No inline script or style: the Content-Security-Policy refuses them.
 */
(function () {
    'use strict';

    var source = null;
    var streamUrl = null;
    var latest = -1;
    var fetching = false;
    var again = false;
    var inFlight = 0;

    function main() {
        return document.querySelector('[data-live-stream]');
    }

    function shown() {
        var m = main();
        return m ? parseInt(m.getAttribute('data-version'), 10) : NaN;
    }

    function loginAndBack() {
        var back = location.pathname + location.search;
        location.href = '/login?expired&back=' + encodeURIComponent(back);
    }

    /* --- live updates ------------------------------------------------------------------------------------- */

    function connect() {
        var m = main();
        var url = m ? m.getAttribute('data-live-stream') : null;
        if (url === streamUrl && source && source.readyState !== EventSource.CLOSED) {
            return;
        }
        if (source) {
            source.close();
        }
        source = null;
        streamUrl = url;
        if (!url || !window.EventSource) {
            return;
        }
        source = new EventSource(url);
        source.addEventListener('version', function (e) {
            latest = parseInt(e.data, 10);
            if (latest > shown()) {
                refresh();
            }
        });
        source.onerror = function () {
            if (source && source.readyState === EventSource.CLOSED) {
                // refused (expired session, too many pages, the server away): find out which, then try again
                checkSession();
                setTimeout(connect, 5000);
            }
        };
    }

    function checkSession() {
        fetch(location.pathname, {credentials: 'same-origin', headers: {'HX-Request': 'true'}})
            .then(function (r) {
                if (r.status === 401) {
                    loginAndBack();
                }
            })
            .catch(function () { /* away: the stream is tried again */ });
    }

    function typing(region) {
        var active = document.activeElement;
        if (!active || !region.contains(active)) {
            return false;
        }
        var fields = region.querySelectorAll('input:not([type=hidden]), textarea');
        for (var i = 0; i < fields.length; i++) {
            if (fields[i].value !== fields[i].defaultValue) {
                return true;
            }
        }
        return false;
    }

    function refresh() {
        if (inFlight > 0) {
            return; // the page's own request redraws it; afterSettle looks again
        }
        if (fetching) {
            again = true;
            return;
        }
        fetching = true;
        // the page as the player has it (its query too, e.g. the counter whose panel is open), since what it shows
        var url = new URL(location.href);
        url.hash = '';
        url.searchParams.set('since', String(shown()));
        fetch(url.toString(), {credentials: 'same-origin', headers: {'HX-Request': 'true', 'Accept': 'text/html'}})
            .then(function (r) {
                if (r.status === 401) {
                    loginAndBack();
                    return null;
                }
                return r.ok ? r.text() : null;
            })
            .then(function (html) {
                if (html) {
                    redraw(new DOMParser().parseFromString(html, 'text/html'));
                }
            })
            .catch(function () { /* the next change or the reconnection tries again */ })
            .then(function () {
                fetching = false;
                if (again) {
                    again = false;
                    refresh();
                }
            });
    }

    /** Each region as the server drew it last, by id, without the version its forms carry (see drawn()). */
    var drawnRegions = {};

    /**
     * A region's content as the server drew it, leaving out what differs at every drawing without meaning a change:
     * the version its forms carry, and their CSRF token (the same token, masked anew each time).
     */
    function drawn(region) {
        var copy = region.cloneNode(true);
        var versions = copy.querySelectorAll('input[name=expectedVersion], input[name=_csrf]');
        for (var i = 0; i < versions.length; i++) {
            versions[i].setAttribute('value', '');
        }
        return copy.outerHTML;
    }

    /** Remembers the regions as the page has them now (after a load or an htmx swap: the server's drawing). */
    function rememberRegions() {
        drawnRegions = {};
        var m = main();
        var regions = m ? m.querySelectorAll('[data-live]') : [];
        for (var i = 0; i < regions.length; i++) {
            if (regions[i].id) {
                drawnRegions[regions[i].id] = drawn(regions[i]);
            }
        }
    }

    function redraw(doc) {
        var fresh = doc.querySelector('[data-live-stream]');
        var m = main();
        if (!fresh || !m) {
            return;
        }
        var version = fresh.getAttribute('data-version');
        var focus = focusKey();
        var regions = m.querySelectorAll('[data-live]');
        for (var i = 0; i < regions.length; i++) {
            var region = regions[i];
            var next = region.id ? doc.getElementById(region.id) : null;
            if (!next || typing(region)) {
                continue;
            }
            var content = drawn(next);
            if (drawnRegions[region.id] === content) {
                // untouched by the change: left in place (its token still good), its forms now for the new version
                var versions = region.querySelectorAll('input[name=expectedVersion]');
                for (var j = 0; j < versions.length; j++) {
                    versions[j].value = version;
                    versions[j].setAttribute('value', version);
                }
                continue;
            }
            var node = document.importNode(next, true);
            region.replaceWith(node);
            drawnRegions[region.id] = content;
            if (window.htmx) {
                window.htmx.process(node);
            }
        }
        m.setAttribute('data-version', version);
        restoreFocus(focus);
        document.dispatchEvent(new CustomEvent('live:redrawn')); // the board's script marks it again
    }

    /* --- focus kept on the control ------------------------------------------------------------------------ */

    var CONTROLS = 'a[href], button, input:not([type=hidden]), select, textarea, summary';

    /** Where the focus is: the nearest element with an id, and the control's place among its controls. */
    function focusKey() {
        var active = document.activeElement;
        if (!active || active === document.body) {
            return null;
        }
        if (active.id) {
            return {id: active.id, index: -1};
        }
        var holder = active.parentElement ? active.parentElement.closest('[id]') : null;
        if (!holder) {
            return null;
        }
        var controls = holder.querySelectorAll(CONTROLS);
        return {id: holder.id, index: Array.prototype.indexOf.call(controls, active)};
    }

    function restoreFocus(key) {
        if (!key || (document.activeElement && document.activeElement !== document.body)) {
            return;
        }
        var holder = document.getElementById(key.id);
        if (!holder) {
            return;
        }
        var target = key.index < 0 ? holder : holder.querySelectorAll(CONTROLS)[key.index];
        if (target && typeof target.focus === 'function') {
            target.focus({preventScroll: true});
        }
    }

    /* --- busy, failures, expired sessions ------------------------------------------------------------------ */

    function busy(on) {
        var indicator = document.getElementById('busy');
        if (indicator) {
            indicator.hidden = !on;
            if (on) {
                indicator.setAttribute('role', 'status');
            } else {
                indicator.removeAttribute('role');
            }
        }
        document.documentElement.classList.toggle('busy', on);
    }

    function clearFailures(elt) {
        var form = elt.closest('form') || elt;
        var old = form.querySelectorAll('.request-failure');
        for (var i = 0; i < old.length; i++) {
            old[i].remove();
        }
    }

    function showFailure(elt, message) {
        var form = (elt && elt.closest) ? (elt.closest('form') || elt) : null;
        var p = document.createElement('p');
        p.className = 'error request-failure';
        p.setAttribute('role', 'alert');
        p.textContent = message;
        if (form && document.body.contains(form)) {
            clearFailures(form);
            form.appendChild(p);
        } else {
            var bar = document.getElementById('failure');
            if (bar) {
                bar.setAttribute('role', 'alert');
                bar.textContent = message;
                bar.hidden = false;
            }
        }
    }

    /** The reason a refusal gives: a problem's detail, or the message of the tracker's error page. */
    function reason(xhr) {
        var type = xhr.getResponseHeader('Content-Type') || '';
        var text = xhr.responseText || '';
        try {
            if (type.indexOf('json') >= 0) {
                var problem = JSON.parse(text);
                if (problem.detail) {
                    return problem.detail;
                }
            } else if (type.indexOf('html') >= 0) {
                var doc = new DOMParser().parseFromString(text, 'text/html');
                var message = doc.querySelector('main .error');
                if (message && message.textContent.trim()) {
                    return message.textContent.trim();
                }
            }
        } catch (e) { /* the status then */ }
        return 'The tracker refused this (' + xhr.status + (xhr.statusText ? ' ' + xhr.statusText : '') + ').';
    }

    var focusBeforeSwap = null;

    // the pages answer a refusal with a page in plain words when asked for HTML (the API's problems otherwise)
    document.addEventListener('htmx:configRequest', function (e) {
        e.detail.headers['Accept'] = 'text/html';
    });

    document.addEventListener('htmx:beforeRequest', function (e) {
        inFlight++;
        busy(true);
        var form = e.detail.elt.closest ? (e.detail.elt.closest('form') || e.detail.elt) : e.detail.elt;
        form.setAttribute('aria-busy', 'true');
        clearFailures(e.detail.elt);
        var bar = document.getElementById('failure');
        if (bar) {
            bar.hidden = true;
            bar.removeAttribute('role');
        }
    });
    document.addEventListener('htmx:afterRequest', function (e) {
        inFlight = Math.max(0, inFlight - 1);
        busy(inFlight > 0);
        var form = e.detail.elt.closest ? (e.detail.elt.closest('form') || e.detail.elt) : e.detail.elt;
        form.removeAttribute('aria-busy');
        if (inFlight === 0) {
            // a change that arrived while the request ran, and the request did not redraw the page (refused)
            setTimeout(function () {
                if (latest > shown()) {
                    refresh();
                }
            }, 50);
        }
    });
    document.addEventListener('htmx:beforeSwap', function () {
        focusBeforeSwap = focusKey();
    });
    document.addEventListener('htmx:afterSettle', function () {
        rememberRegions(); // the server drew the page again
        restoreFocus(focusBeforeSwap);
        focusBeforeSwap = null;
        connect();
        if (latest > shown()) {
            refresh();
        }
    });
    document.addEventListener('htmx:responseError', function (e) {
        var xhr = e.detail.xhr;
        if (xhr.status === 401) {
            loginAndBack();
            return;
        }
        showFailure(e.detail.elt, reason(xhr));
    });
    document.addEventListener('htmx:sendError', function (e) {
        showFailure(e.detail.elt, 'The tracker could not be reached: check the connection, then reload the page '
            + 'to see whether it was done before trying again.');
    });
    document.addEventListener('htmx:timeout', function (e) {
        showFailure(e.detail.elt, 'The tracker did not answer in time: reload the page to see whether it was done.');
    });

    function start() {
        rememberRegions();
        connect();
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', start);
    } else {
        start();
    }
    window.addEventListener('pagehide', function () {
        if (source) {
            source.close();
        }
    });
}());
