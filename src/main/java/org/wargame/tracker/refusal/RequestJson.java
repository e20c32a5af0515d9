package org.wargame.tracker.refusal;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.introspect.AnnotatedClass;
import com.fasterxml.jackson.databind.introspect.AnnotatedClassResolver;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import org.yaml.snakeyaml.LoaderOptions;

import java.io.IOException;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * How every request is read (an action, a scenario start, a campaign file, an account request): strictly, so that
 * a mistake is refused instead of silently changing the meaning. Unknown fields, nulls (a value or a list element),
 * a key given twice, a fraction where the rules count whole numbers, a number out of range, a trailing second
 * document and YAML aliases are all refused; each complaint becomes a {@link FieldRefused} that names the field by
 * its path ({@code sides[1].id}) in plain words, never with a Java class name.
 */
public final class RequestJson {

    /** Ids a client gives (campaigns, sides, counters, plans): safe in a URL path, a file name and a log line. */
    public static final Pattern ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    /** Nesting deeper than this is no request of the tracker's, only a way to make a parser work. */
    public static final int MAX_DEPTH = 40;
    /** The longest text in free-form counter data. */
    public static final int MAX_TEXT = 20_000;

    private static final ObjectMapper JSON = strict(JsonMapper.builder().build());
    private static final Pattern CLASS_NAME = Pattern.compile("(\\b[a-z][a-z0-9_]*\\.)+[A-Z][A-Za-z0-9_$]*|<[^>]*>|`");

    private RequestJson() {
    }

    /** The strict settings, applied to any mapper that reads requests (also Spring's, for typed request bodies). */
    public static <M extends ObjectMapper> M strict(M mapper) {
        mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                DeserializationFeature.FAIL_ON_TRAILING_TOKENS, DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY,
                DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT); // 3.5 is not 3
        mapper.getFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        mapper.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH)
                .build());
        // nulls are refused by a walk over the tree (refuseNulls), which names the path: Jackson's own null
        // checks would also refuse a record component that is merely left out
        mapper.coercionConfigDefaults().setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
        return mapper;
    }

    /** The strict JSON mapper. */
    public static ObjectMapper json() {
        return JSON;
    }

    /** A YAML mapper with the strict settings that refuses a document longer than {@code maxCodePoints}. */
    public static ObjectMapper yaml(int maxCodePoints) {
        LoaderOptions options = new LoaderOptions();
        options.setCodePointLimit(maxCodePoints);
        options.setMaxAliasesForCollections(10); // aliases are refused anyway (NoAliases)
        options.setAllowDuplicateKeys(false);
        options.setNestingDepthLimit(MAX_DEPTH);
        YAMLFactory factory = YAMLFactory.builder().loaderOptions(options)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(MAX_DEPTH).build())
                .build();
        ObjectMapper mapper = strict(new YAMLMapper(factory));
        // a quoted "true" in a file is text, not a yes or no: a key that takes true or false says so
        mapper.coercionConfigFor(LogicalType.Boolean).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
        return mapper;
    }

    /**
     * A value already read as maps and lists (the body of an action, its dice) as {@code type}: every null refused
     * with its path, then read with the strict settings.
     */
    public static <T> T convert(Object value, Class<T> type) {
        JsonNode tree;
        try {
            tree = JSON.valueToTree(value);
        } catch (IllegalArgumentException e) {
            throw refusal(e);
        }
        return treeToValue(tree, type, JSON);
    }

    /** A YAML (or JSON, which is YAML) document read with {@code mapper} (see {@link #yaml}) as {@code type}. */
    public static <T> T readYaml(ObjectMapper mapper, String text, Class<T> type) {
        JsonNode tree;
        try (JsonParser parser = new NoAliases(mapper.getFactory().createParser(text))) {
            tree = mapper.readTree(parser);
            if (tree == null || tree.isMissingNode() || tree.isNull()) {
                throw new FieldRefused("file", "it is empty");
            }
            if (parser.nextToken() != null) {
                throw new FieldRefused("file", "holds more than one YAML document (a second '---'): send one");
            }
        } catch (IOException e) {
            throw refusal(e);
        }
        return treeToValue(tree, type, mapper);
    }

    private static <T> T treeToValue(JsonNode tree, Class<T> type, ObjectMapper mapper) {
        refuseNulls(tree, "");
        try {
            return mapper.treeToValue(tree, type);
        } catch (IOException | IllegalArgumentException e) {
            throw refusal(e);
        }
    }

    /** Refuses any null in the tree (a value or an element), naming its path. */
    public static void refuseNulls(JsonNode node, String path) {
        if (node.isNull()) {
            throw new FieldRefused(path.isEmpty() ? "body" : path, "null is not a value here: leave the field out or "
                    + "give a value");
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                refuseNulls(field.getValue(), path.isEmpty() ? field.getKey() : path + "." + field.getKey());
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                refuseNulls(node.get(i), path + "[" + i + "]");
            }
        }
    }

    /** Refuses an id outside {@link #ID}; {@code value} may be null when the caller checks presence itself. */
    public static void requireId(String field, String value) {
        if (value == null) {
            throw new FieldRefused(field, "required");
        }
        if (!ID.matcher(value).matches()) {
            throw new FieldRefused(field, "'" + shortened(value) + "' is not an id: 1 to 64 letters, digits, '.', "
                    + "'_' or '-'");
        }
    }

    /**
     * The rules count with whole numbers: a number in free-form counter data or state must be one, in the range of
     * the rules' arithmetic (a 32-bit integer), or 3.5 and 10^20 would silently be cut; a text there is at most
     * {@link #MAX_TEXT} characters.
     */
    public static void requireWholeNumbers(String at, Object value) {
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                requireWholeNumbers(at + "." + e.getKey(), e.getValue());
            }
        } else if (value instanceof java.util.List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                requireWholeNumbers(at + "[" + i + "]", list.get(i));
            }
        } else if (value instanceof Number n) {
            BigInteger whole;
            try {
                whole = new java.math.BigDecimal(n.toString()).toBigIntegerExact();
            } catch (ArithmeticException | NumberFormatException e) {
                throw new FieldRefused(at, n + " is not a whole number");
            }
            if (whole.bitLength() > 31) {
                throw new FieldRefused(at, n + " is out of range (" + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                        + ")");
            }
        } else if (value instanceof String s && s.length() > MAX_TEXT) {
            throw new FieldRefused(at, "longer than " + MAX_TEXT + " characters");
        }
    }

    /** A value as it may be repeated in a message: at most 40 characters, no line breaks. */
    public static String shortened(String value) {
        String flat = value.replaceAll("[\\p{Cntrl}]", "?");
        return flat.length() <= 40 ? flat : flat.substring(0, 40) + "...";
    }

    /**
     * What Jackson complained about, as a refusal of the field it was reading. Anything that is not a Jackson
     * complaint (or a refusal inside one) becomes a refusal of the body as a whole.
     */
    public static Refusal refusal(Throwable thrown) {
        Throwable e = thrown;
        while (e instanceof IllegalArgumentException && e.getCause() != null && !(e instanceof Refusal)) {
            e = e.getCause(); // convertValue wraps its complaint
        }
        if (e instanceof Refusal refusal) {
            return refusal;
        }
        if (e instanceof JsonMappingException mapping) {
            return mappingRefusal(mapping);
        }
        if (e instanceof StreamConstraintsException) {
            return new FieldRefused("body", "nested deeper than " + MAX_DEPTH + " levels, or a value too long");
        }
        if (e instanceof InputCoercionException coercion) {
            return new FieldRefused(pathOf(coercion.getProcessor()), "must be " + expected(coercion.getTargetType())
                    + rangeOf(coercion.getTargetType()));
        }
        if (e instanceof JsonParseException parse) {
            String message = parse.getOriginalMessage() == null ? "" : parse.getOriginalMessage();
            if (message.startsWith("Duplicate field '")) {
                String name = message.substring("Duplicate field '".length(), message.lastIndexOf('\''));
                String parent = parentPathOf(parse.getProcessor());
                return new FieldRefused(parent.isEmpty() ? name : parent + "." + name, "given twice: give each key "
                        + "once");
            }
            return new FieldRefused("body", "not valid " + syntax(parse) + where(parse.getLocation()) + plain(message));
        }
        if (e instanceof JsonProcessingException processing) {
            return new FieldRefused("body", "not readable" + where(processing.getLocation())
                    + plain(processing.getOriginalMessage()));
        }
        return new FieldRefused("body", "not readable");
    }

    private static Refusal mappingRefusal(JsonMappingException e) {
        String path = path(e.getPath());
        if (e instanceof ValueInstantiationException && e.getCause() instanceof Refusal refusal) {
            return refusal instanceof FieldRefused field && !path.isEmpty() && !field.field().startsWith(path)
                    ? field.under(path) : refusal;
        }
        if (e.getCause() instanceof Refusal refusal) {
            return refusal;
        }
        if (e instanceof UnrecognizedPropertyException unknown) {
            Collection<Object> known = unknown.getKnownPropertyIds();
            TreeSet<String> names = new TreeSet<>();
            if (known != null) {
                known.forEach(k -> names.add(String.valueOf(k)));
            }
            return new FieldRefused(path, "unknown field" + (names.isEmpty() ? "" : " (known here: "
                    + String.join(", ", names) + ")"));
        }
        if (e instanceof InvalidTypeIdException typeId) {
            String field = path.isEmpty() ? "type" : path + ".type";
            if (typeId.getTypeId() == null || typeId.getTypeId().isEmpty()) {
                return new FieldRefused(field, "required");
            }
            String known = knownTypeIds(typeId.getBaseType());
            return new FieldRefused(field, "'" + shortened(typeId.getTypeId()) + "' is not known here"
                    + (known.isEmpty() ? "" : " (known: " + known + ")"));
        }
        if (e instanceof InvalidNullException) {
            return new FieldRefused(path.isEmpty() ? "body" : path, "null is not a value here: leave the field out or "
                    + "give a value");
        }
        if (e.getCause() instanceof InputCoercionException coercion) {
            return new FieldRefused(path.isEmpty() ? "body" : path, "must be " + expected(coercion.getTargetType())
                    + rangeOf(coercion.getTargetType()));
        }
        if (e.getCause() instanceof StreamConstraintsException) {
            return new FieldRefused("body", "nested deeper than " + MAX_DEPTH + " levels, or a value too long");
        }
        if (e.getCause() instanceof JsonParseException parse) {
            return refusal(parse);
        }
        if (e instanceof MismatchedInputException mismatch) {
            String message = mismatch.getOriginalMessage() == null ? "" : mismatch.getOriginalMessage();
            if (message.startsWith("Trailing token")) {
                return new FieldRefused("body", "holds more than one value: send one");
            }
            if (message.startsWith("No content to map") || message.contains("end-of-input")) {
                return new FieldRefused(path.isEmpty() ? "body" : path, "missing: the body ends too soon");
            }
            JavaType target = javaType(mismatch);
            return new FieldRefused(path.isEmpty() ? "body" : path, target == null ? "not a value of the right kind"
                    : "must be " + expected(target.getRawClass()));
        }
        return new FieldRefused(path.isEmpty() ? "body" : path, "not readable here");
    }

    private static JavaType javaType(MismatchedInputException e) {
        if (e.getTargetType() != null) {
            return com.fasterxml.jackson.databind.type.TypeFactory.defaultInstance().constructType(e.getTargetType());
        }
        return null;
    }

    private static String knownTypeIds(JavaType base) {
        if (base == null) {
            return "";
        }
        try {
            var config = JSON.getDeserializationConfig();
            AnnotatedClass annotated = AnnotatedClassResolver.resolveWithoutSuperTypes(config, base.getRawClass());
            Collection<NamedType> types = JSON.getSubtypeResolver().collectAndResolveSubtypesByTypeId(config,
                    annotated);
            TreeSet<String> names = new TreeSet<>();
            types.stream().filter(NamedType::hasName).forEach(t -> names.add(t.getName()));
            return String.join(", ", names);
        } catch (RuntimeException e) {
            return "";
        }
    }

    /** The path of a mapping complaint: {@code sides[1].id}. */
    private static String path(java.util.List<JsonMappingException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference reference : references) {
            if (reference.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(reference.getFieldName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static String pathOf(Object processor) {
        if (processor instanceof JsonParser parser) {
            String path = contextPath(parser.getParsingContext(), true);
            return path.isEmpty() ? "body" : path;
        }
        return "body";
    }

    private static String parentPathOf(Object processor) {
        if (processor instanceof JsonParser parser) {
            return contextPath(parser.getParsingContext() == null ? null : parser.getParsingContext(), false);
        }
        return "";
    }

    private static String contextPath(JsonStreamContext context, boolean withCurrentName) {
        java.util.Deque<String> parts = new java.util.ArrayDeque<>();
        JsonStreamContext c = context;
        boolean first = true;
        while (c != null && !c.inRoot()) {
            if (c.inObject()) {
                if ((!first || withCurrentName) && c.getCurrentName() != null) {
                    parts.push("." + c.getCurrentName());
                }
            } else if (c.inArray()) {
                parts.push("[" + Math.max(0, c.getCurrentIndex()) + "]");
            }
            first = false;
            c = c.getParent();
        }
        String joined = String.join("", parts);
        return joined.startsWith(".") ? joined.substring(1) : joined;
    }

    private static String syntax(JsonParseException e) {
        return e.getProcessor() instanceof YAMLParser ? "YAML" : "JSON";
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }

    /** A parser's own words, when they name no class; cut to one line. */
    static String plain(String message) {
        if (message == null || message.isBlank()) {
            return "";
        }
        String line = message.strip().lines().findFirst().orElse("");
        int source = line.indexOf(" at [Source");
        if (source >= 0) {
            line = line.substring(0, source);
        }
        line = CLASS_NAME.matcher(line).replaceAll("").replaceAll("\\s+", " ").strip();
        if (line.isEmpty() || line.length() > 160) {
            return "";
        }
        return ": " + line;
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "a value of the right kind";
        }
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class
                || type == short.class || type == Short.class || type == byte.class || type == Byte.class
                || type == BigInteger.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class
                || Number.class.isAssignableFrom(type)) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class || type == char.class || type == Character.class) {
            return "text";
        }
        if (type.isEnum()) {
            TreeSet<String> names = new TreeSet<>();
            for (Object constant : type.getEnumConstants()) {
                names.add(constant.toString());
            }
            return "one of " + String.join(", ", names);
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list";
        }
        return "an object with fields";
    }

    private static String rangeOf(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return " from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
        }
        if (type == long.class || type == Long.class) {
            return " from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
        }
        return "";
    }

    /**
     * Jackson reads a YAML alias ({@code *name}) as the text "name": a campaign file that uses one would silently
     * get the wrong value, so an alias is refused where it stands.
     */
    private static final class NoAliases extends JsonParserDelegate {

        NoAliases(JsonParser parser) {
            super(parser);
        }

        @Override
        public JsonToken nextToken() throws IOException {
            JsonToken token = super.nextToken();
            check();
            return token;
        }

        @Override
        public JsonToken nextValue() throws IOException {
            JsonToken token = super.nextValue();
            check();
            return token;
        }

        @Override
        public String nextFieldName() throws IOException {
            String name = super.nextFieldName();
            check();
            return name;
        }

        private void check() {
            if (delegate instanceof YAMLParser yaml && yaml.isCurrentAlias()) {
                String path = contextPath(yaml.getParsingContext(), true);
                throw new FieldRefused(path.isEmpty() ? "file" : path, "a YAML alias (*name) is not supported here: "
                        + "write the value out");
            }
        }
    }
}
