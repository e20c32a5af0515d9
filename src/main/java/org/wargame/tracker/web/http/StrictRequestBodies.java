package org.wargame.tracker.web.http;

import org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.wargame.tracker.refusal.RequestJson;

/**
 * Spring's mapper reads the typed request bodies (a scenario start, an account request, an undo...): with the
 * strict settings of {@link RequestJson}, so an unknown field, a null, a key given twice or 1.5 for a whole number
 * is refused naming the field. Stored events never go through this mapper (see StoredJson).
 */
@Configuration
class StrictRequestBodies {

    @Bean
    Jackson2ObjectMapperBuilderCustomizer strictRequests() {
        return builder -> builder.postConfigurer(RequestJson::strict);
    }
}
