package org.wargame.tracker.web.pages;

import org.wargame.tracker.rules.ActionField;
import org.wargame.tracker.rules.ActionOption;
import org.wargame.tracker.rules.ActionSchema;
import org.wargame.tracker.rules.CounterView;
import org.wargame.tracker.rules.DieNeed;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The inputs of an option's form, made from its action's schema: a counter picker listing the counters the field may
 * name, a select for a closed list, a checkbox for yes/no, a bounded number input, a text box otherwise; and one
 * input per roll with its purpose.
 */
public final class FormInputs {

    private FormInputs() {
    }

    /** One value a picker or select offers. */
    public record Pick(String value, String label) {
    }

    /**
     * One input: {@code name} is the posted name ({@code f_targets[0].target}), {@code input} one of counter,
     * select, checkbox, number, counters (checkboxes of counters), text.
     */
    public record Input(String path, String name, String label, String input, List<Pick> choices, Integer min,
                        Integer max, boolean required, Integer maxLength, String rowHead, String shortLabel) {
        public Input(String path, String name, String label, String input, List<Pick> choices, Integer min,
                     Integer max, boolean required, Integer maxLength) {
            this(path, name, label, input, choices, min, max, required, maxLength, null, null);
        }

        /** The label shown beside the control: the field's own in a row of a list, whose the row says. */
        public String shown() {
            return shortLabel != null ? shortLabel : label;
        }

        /** What the row's head leaves out of the shown label, for those who hear the label alone. */
        public String unshown() {
            return shortLabel != null && label.startsWith(shortLabel) ? label.substring(shortLabel.length()) : null;
        }

        public String domSuffix() {
            return path.replaceAll("[^A-Za-z0-9]", "-");
        }
    }

    /** One roll: its kind and what it decides; left empty, the server rolls it. */
    public record DieInput(int index, String kind, String label, String hint) {
    }

    static List<Input> inputs(ActionOption option, ActionSchema schema, List<CounterView> counters) {
        List<Input> inputs = new ArrayList<>();
        String side = counters.stream().filter(c -> c.id().equals(option.counterId())).map(CounterView::side)
                .findFirst().orElse(null);
        for (String path : option.fields()) {
            ActionField field = schema == null ? null : schema.at(path).orElse(null);
            if (field == null) {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, words(path), "text", List.of(), null, null,
                        false, ActionField.TEXT));
                continue;
            }
            field = labelled(field, option.labels().get(path));
            ActionField.Kind kind = field.kind();
            if (kind instanceof ActionField.CounterRef ref) {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, field.label(), "counter",
                        picks(ref, side, option.counterId(), counters), null, null, field.required(), null));
            } else if (kind instanceof ActionField.Counters list) {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, field.label(), "counters",
                        picks(list.of(), side, option.counterId(), counters), null, null, field.required(), null));
            } else if (kind instanceof ActionField.Choice choice) {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, field.label(), "select",
                        choice.values().stream().map(v -> new Pick(v, choiceWords(v))).toList(), null, null,
                        field.required(),
                        null));
            } else if (kind instanceof ActionField.WholeNumber n) {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, field.label(), "number", List.of(),
                        n.min(), n.max(), field.required(), null));
            } else if (kind instanceof ActionField.YesNo) {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, field.label(), "checkbox", List.of(), null,
                        null, false, null));
            } else if (kind instanceof ActionField.Text text) {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, field.label(), "text", List.of(), null,
                        null, field.required(), text.maxLength()));
            } else {
                inputs.add(new Input(path, ActionForm.FIELD_PREFIX + path, field.label(), "text", List.of(), null,
                        null, field.required(), ActionField.TEXT));
            }
        }
        return rows(inputs, option, schema);
    }

    private static final java.util.regex.Pattern ROW = java.util.regex.Pattern.compile("^(\\w+\\[\\d{1,3}])\\.(.+)$");

    /**
     * The inputs of a list's rows ({@code targets[1].template}) that the option names ({@code labels} of
     * {@code targets[1]}: "Pfc. Dunn · M1903A4"): the first of each row carries the row's head, each its field's own
     * label beside its control, so that a row per weapon reads in one column on a phone.
     */
    private static List<Input> rows(List<Input> inputs, ActionOption option, ActionSchema schema) {
        List<Input> out = new ArrayList<>();
        String lastRow = null;
        for (Input in : inputs) {
            java.util.regex.Matcher m = ROW.matcher(in.path());
            String head = m.matches() ? option.labels().get(m.group(1)) : null;
            if (head == null) {
                out.add(in);
                lastRow = null;
                continue;
            }
            ActionField field = schema == null ? null : schema.at(in.path()).orElse(null);
            String own = field == null ? words(in.path()) : field.label();
            out.add(new Input(in.path(), in.name(), in.label(), in.input(), in.choices(), in.min(), in.max(),
                    in.required(), in.maxLength(), m.group(1).equals(lastRow) ? null : head, own));
            lastRow = m.group(1);
        }
        return out;
    }

    /** The field under the name the option gives it here (a row of a list: whose target it is). */
    private static ActionField labelled(ActionField field, String label) {
        return label == null ? field : new ActionField(field.name(), label, field.required(), field.kind());
    }

    static List<DieInput> dice(ActionOption option) {
        List<DieInput> dice = new ArrayList<>();
        int i = 0;
        for (DieNeed die : option.dice()) {
            int count = die.diceKind().count();
            String hint = (count == 1 ? "one die, e.g. 3" : count + " dice, e.g. 3 4")
                    + (die.when() == null ? "" : "; " + die.when()) + ". Leave empty: the server rolls";
            dice.add(new DieInput(i++, die.kind(), die.kind() + ": " + die.purpose(), hint));
        }
        return dice;
    }

    /** The counters a field may name: in play, of its kinds, of the acting counter's side, another side, or any. */
    private static List<Pick> picks(ActionField.CounterRef ref, String side, String self, List<CounterView> counters) {
        return counters.stream()
                .filter(c -> !c.eliminated())
                .filter(c -> ref.kinds().isEmpty() || ref.kinds().contains(c.kind()))
                .filter(c -> side == null || switch (ref.side()) {
                    case OWN -> side.equals(c.side());
                    case ENEMY -> !side.equals(c.side());
                    case ANY -> true;
                })
                .sorted((a, b) -> Boolean.compare(b.id().equals(self), a.id().equals(self)))
                .map(c -> new Pick(c.id(), c.name() + (c.location() == null ? "" : " · " + c.location())))
                .toList();
    }

    /** A value of a closed list spelt out ("casualty-reduction": "casualty reduction"); it is sent as it is. */
    static String choiceWords(String value) {
        return StateWords.closedWord(value);
    }

    /** "targetHex" → "target hex", "targets[0].template" → "template". */
    static String words(String path) {
        String last = path.substring(path.lastIndexOf('.') + 1).replaceAll("\\[\\d+]", "");
        return last.replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }
}
