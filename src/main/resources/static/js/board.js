/*
 * The hex board of the scenario page, played by hand:
 * - zoom with the buttons (and a two-finger pinch on the board where the browser gives pointer events), kept when
 *   the board is drawn again;
 * - a stack of two or more counters opens on click or tap into its counters side by side (.stack-tray), where each
 *   is chosen; a single counter is chosen at once;
 * - the counter chosen (its panel open) marks its hex; when its options allow a move, the hexes next to it are
 *   highlighted, and a click on one (beside its counters: a click on a counter chooses it) fills the move form (the
 *   hex, and the map's terrain when the plan declares it);
 * - the range in hexes from the chosen counter's hex to the hex under the pointer (or tapped) is shown above the
 *   board, counted on the grid as it is drawn (odd columns half a hex lower, as Board.range counts it);
 * - marker chips are sized to their text, so no marker is cut.
 * No inline script or style attribute: the Content-Security-Policy refuses them (styles set from script are fine).
 */
(function () {
    'use strict';

    var zoom = 1;
    var MIN_ZOOM = 1;
    var MAX_ZOOM = 4;

    function svg() {
        return document.querySelector('#board svg.hex-board');
    }

    function hexOf(el) {
        return el && el.closest ? el.closest('g.hex') : null;
    }

    function cube(hex) {
        var q = parseInt(hex.getAttribute('data-col'), 10);
        var r = parseInt(hex.getAttribute('data-row'), 10);
        return {x: q, z: r - (q - (q & 1)) / 2};
    }

    function range(a, b) {
        var p = cube(a);
        var q = cube(b);
        var dx = q.x - p.x;
        var dz = q.z - p.z;
        return Math.max(Math.abs(dx), Math.abs(dz), Math.abs(dx + dz));
    }

    function chosenId() {
        var head = document.querySelector('#panel .panel-head[data-counter]');
        return head ? head.getAttribute('data-counter') : null;
    }

    function hexHolding(id) {
        if (!id) {
            return null;
        }
        var hexes = document.querySelectorAll('#board g.hex[data-counters]');
        for (var i = 0; i < hexes.length; i++) {
            if ((' ' + hexes[i].getAttribute('data-counters') + ' ').indexOf(' ' + id + ' ') >= 0) {
                return hexes[i];
            }
        }
        return null;
    }

    /** The chosen counter's move form, when its options allow a move and this player may take it. */
    function moveForm() {
        var board = svg();
        var action = board ? board.getAttribute('data-move-action') : null;
        var field = board ? board.getAttribute('data-move-field') : null;
        if (!action || !field) {
            return null;
        }
        var options = document.querySelectorAll('#panel li.option.allowed');
        for (var i = 0; i < options.length; i++) {
            if (options[i].getAttribute('data-action') === action) {
                var form = options[i].querySelector('form.action');
                var input = form ? form.querySelector('[name="' + field + '"]') : null;
                if (input) {
                    return {form: form, input: input, option: options[i]};
                }
            }
        }
        return null;
    }

    function say(text) {
        var p = document.getElementById('board-range');
        if (p) {
            p.textContent = text;
        }
    }

    function clear(cls) {
        var marked = document.querySelectorAll('#board g.hex.' + cls);
        for (var i = 0; i < marked.length; i++) {
            marked[i].classList.remove(cls);
        }
    }

    /** Marks the chosen counter's hex and, when it may move, the hexes it may move to (those next to it). */
    function mark() {
        clear('from');
        clear('move-target');
        clear('move-chosen');
        var id = chosenId();
        var faces = document.querySelectorAll('#board .chip-face, #board .tray-counter');
        for (var i = 0; i < faces.length; i++) {
            var holder = faces[i].closest('[data-counter]');
            faces[i].classList.toggle('chosen', !!id && !!holder && holder.getAttribute('data-counter') === id);
        }
        var from = hexHolding(id);
        if (!from) {
            say(id ? 'The chosen counter is not on the map.' : 'Choose a counter; point at a hex for its range.');
            return;
        }
        from.classList.add('from');
        var move = moveForm();
        if (move) {
            var hexes = document.querySelectorAll('#board g.hex[data-hex]');
            for (var j = 0; j < hexes.length; j++) {
                if (hexes[j] !== from && range(from, hexes[j]) === 1) {
                    hexes[j].classList.add('move-target');
                }
            }
            var already = move.input.value ? document.querySelector('#board g.hex[data-hex="'
                + move.input.value.trim().toUpperCase() + '"]') : null;
            if (already) {
                already.classList.add('move-chosen');
            }
        }
        say('From ' + from.getAttribute('data-hex') + (move ? ': the highlighted hexes are its moves; ' : ': ')
            + 'point at a hex for its range.');
    }

    function showRange(hex) {
        var from = hexHolding(chosenId());
        clear('pointed');
        if (!from || !hex) {
            return;
        }
        if (hex !== from) {
            hex.classList.add('pointed');
        }
        var n = range(from, hex);
        say('Range from ' + from.getAttribute('data-hex') + ' to ' + hex.getAttribute('data-hex') + ': ' + n
            + (n === 1 ? ' hex' : ' hexes') + (hex.getAttribute('data-terrain') ? ' (' + hex.getAttribute('data-terrain')
            + ')' : ''));
    }

    function fillMove(hex) {
        var move = moveForm();
        if (!move) {
            return false;
        }
        var details = move.option.querySelector('details');
        if (details && !details.open) {
            details.open = true;
        }
        move.input.value = hex.getAttribute('data-hex');
        move.input.dispatchEvent(new Event('input', {bubbles: true}));
        var terrain = move.form.querySelector('.map-terrain-value');
        if (terrain && hex.getAttribute('data-terrain')) {
            terrain.textContent = hex.getAttribute('data-terrain');
        }
        clear('move-chosen');
        hex.classList.add('move-chosen');
        showRange(hex);
        if (window.matchMedia('(max-width: 899px)').matches) {
            move.input.scrollIntoView({block: 'center'}); // on a phone the panel is under the board
        }
        return true;
    }

    function openTray(hexId) {
        var trays = document.querySelectorAll('#board .stack-tray');
        var shown = null;
        for (var i = 0; i < trays.length; i++) {
            var mine = trays[i].getAttribute('data-tray') === hexId;
            trays[i].hidden = !mine;
            if (mine) {
                shown = trays[i];
            }
        }
        if (shown) {
            var first = shown.querySelector('a.tray-counter');
            if (first) {
                first.focus({preventScroll: true});
            }
            shown.scrollIntoView({block: 'nearest'});
        }
    }

    // capture: decides before htmx whether a click on the board chooses a counter, opens a stack or fills a move
    document.addEventListener('click', function (e) {
        var target = e.target;
        if (target.closest && target.closest('#board .tray-close')) {
            var tray = target.closest('.stack-tray');
            if (tray) {
                tray.hidden = true;
            }
            return;
        }
        var hex = hexOf(target);
        if (!hex || !hex.closest('#board')) {
            return;
        }
        var chip = target.closest('a.chip');
        if (!chip && hex.classList.contains('move-target')) {
            e.preventDefault();
            e.stopPropagation();
            fillMove(hex);
            return;
        }
        if (chip && hex.classList.contains('stacked')) {
            e.preventDefault();
            e.stopPropagation();
            openTray(hex.getAttribute('data-hex'));
            showRange(hex);
            return;
        }
        if (!chip) {
            showRange(hex);
        }
    }, true);

    document.addEventListener('mouseover', function (e) {
        var hex = hexOf(e.target);
        if (hex && hex.closest('#board')) {
            showRange(hex);
        }
    });

    /* --- zoom --------------------------------------------------------------------------------------------- */

    function applyZoom() {
        var view = document.querySelector('#board .board-view');
        var board = svg();
        if (!view || !board) {
            return;
        }
        board.style.width = (zoom * 100) + '%';
        view.classList.toggle('zoomed', zoom > 1);
    }

    function zoomBy(factor, keepCentre) {
        var view = document.querySelector('#board .board-view');
        var before = zoom;
        zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom * factor));
        if (view && keepCentre && before !== zoom) {
            var cx = (view.scrollLeft + view.clientWidth / 2) / before;
            var cy = (view.scrollTop + view.clientHeight / 2) / before;
            applyZoom();
            view.scrollLeft = cx * zoom - view.clientWidth / 2;
            view.scrollTop = cy * zoom - view.clientHeight / 2;
            return;
        }
        applyZoom();
    }

    document.addEventListener('click', function (e) {
        var t = e.target.closest ? e.target.closest('#board .zoom button') : null;
        if (!t) {
            return;
        }
        if (t.classList.contains('zoom-in')) {
            zoomBy(1.5, true);
        } else if (t.classList.contains('zoom-out')) {
            zoomBy(1 / 1.5, true);
        } else {
            zoom = 1;
            applyZoom();
        }
    });

    // a pinch on the board (two touch pointers): zoom by how far they spread
    var pointers = {};
    var pinchFrom = 0;
    function spread() {
        var ids = Object.keys(pointers);
        if (ids.length !== 2) {
            return 0;
        }
        var a = pointers[ids[0]];
        var b = pointers[ids[1]];
        return Math.hypot(a.x - b.x, a.y - b.y);
    }
    document.addEventListener('pointerdown', function (e) {
        if (e.pointerType === 'touch' && e.target.closest && e.target.closest('#board .board-view')) {
            pointers[e.pointerId] = {x: e.clientX, y: e.clientY};
            pinchFrom = spread();
        }
    });
    document.addEventListener('pointermove', function (e) {
        if (!pointers[e.pointerId]) {
            return;
        }
        pointers[e.pointerId] = {x: e.clientX, y: e.clientY};
        var now = spread();
        if (pinchFrom > 0 && now > 0 && Math.abs(now - pinchFrom) > 8) {
            zoomBy(now / pinchFrom, true);
            pinchFrom = now;
        }
    });
    function lift(e) {
        delete pointers[e.pointerId];
        pinchFrom = spread();
    }
    document.addEventListener('pointerup', lift);
    document.addEventListener('pointercancel', lift);

    /* --- marker chips sized to their text ------------------------------------------------------------------ */

    function fitMarkers() {
        var fans = document.querySelectorAll('#board .fan');
        for (var i = 0; i < fans.length; i++) {
            var rect = fans[i].querySelector('rect');
            var text = fans[i].querySelector('text');
            if (!rect || !text || !text.getBBox) {
                continue;
            }
            var w;
            try {
                w = text.getBBox().width;
            } catch (ignored) {
                continue; // not rendered (a hidden board)
            }
            if (w > 0) {
                var cx = parseFloat(text.getAttribute('x'));
                rect.setAttribute('width', String(w + 8));
                rect.setAttribute('x', String(cx - (w + 8) / 2));
            }
        }
    }

    function start() {
        applyZoom();
        fitMarkers();
        mark();
    }

    if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', start);
    } else {
        start();
    }
    document.addEventListener('htmx:afterSettle', start);
    document.addEventListener('live:redrawn', start);
}());
