package org.wargame.tracker.web.http;

import com.fasterxml.jackson.databind.JsonNode;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.converter.json.AbstractJackson2HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;
import org.wargame.tracker.refusal.RequestJson;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;

/**
 * Before a JSON request body is bound to its record: a null anywhere in it (a field's value or a list's element)
 * is refused naming its path, and so is a key given twice, so that a record never meets a null it did not expect.
 * The body is at most {@code tracker.limits.body} long (BodyLimit), so reading it twice costs little.
 */
@ControllerAdvice
class NoNullsInBodies extends RequestBodyAdviceAdapter {

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
                            Class<? extends HttpMessageConverter<?>> converterType) {
        return AbstractJackson2HttpMessageConverter.class.isAssignableFrom(converterType);
    }

    @Override
    public HttpInputMessage beforeBodyRead(HttpInputMessage message, MethodParameter parameter, Type targetType,
                                           Class<? extends HttpMessageConverter<?>> converterType) throws IOException {
        byte[] body = message.getBody().readAllBytes();
        JsonNode tree;
        try {
            tree = RequestJson.json().readTree(body);
        } catch (IOException e) {
            if (BodyLimit.tooLarge(e) != null) {
                throw e;
            }
            throw RequestJson.refusal(e);
        }
        if (tree != null && !tree.isMissingNode()) {
            RequestJson.refuseNulls(tree, "");
        }
        HttpHeaders headers = message.getHeaders();
        return new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public HttpHeaders getHeaders() {
                return headers;
            }
        };
    }
}
