/*
 * The table on a phone: the panel sits under the board, so after a counter is chosen (its panel swapped in) or an
 * action from the panel is answered (the page swapped in), the panel is scrolled into view, where the player looks.
 * On a laptop the panel is beside the board and nothing scrolls. The result of an action at the top of the panel
 * hides when its button is pressed. No inline script: the Content-Security-Policy.
 */
(function () {
    'use strict';
    var fromPanel = false;
    document.addEventListener('htmx:beforeRequest', function (e) {
        var panel = document.getElementById('panel');
        var source = e.detail && e.detail.elt;
        fromPanel = !!(source && (source.id === 'panel' || (panel && panel.contains(source))
            || (source.closest && source.closest('#board'))));
    });
    document.addEventListener('htmx:afterSettle', function () {
        var panel = document.getElementById('panel');
        if (fromPanel && panel && window.matchMedia('(max-width: 899px)').matches) {
            panel.scrollIntoView({block: 'start'});
        }
        fromPanel = false;
    });
    document.addEventListener('click', function (e) {
        var button = e.target && e.target.closest && e.target.closest('#result .dismiss');
        if (button) {
            button.closest('#result').remove();
        }
    });
})();
