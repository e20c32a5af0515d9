package org.wargame.tracker;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.Architectures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.metaAnnotatedWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The layout shows the design: packages by capability, from the bottom up: refusals, the rule sets, the event
 * store's infrastructure, accounts, campaigns, scenarios, history's read side, the reports told from it (after-action
 * reports, the campaign journal), notices (outbox, webhooks, mail), and the web on top. Nothing depends on
 * what is above it, the core never names a rule set (they are found through ServiceLoader), and the rule sets are
 * plain Java that one can read beside the rule text. The web is four rooms: {@code http} (filters, limits, problems,
 * error pages) under {@code api} (the REST controllers), {@code pages} (the page controllers and their models) and
 * {@code live} (server-sent events), none of which uses another; a controller calls services, never a controller.
 */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importMain() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.wargame.tracker");
    }

    static ArchRule layers() {
        return Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("refusal").definedBy("org.wargame.tracker.refusal..")
                .layer("rules").definedBy("org.wargame.tracker.rules..")
                .layer("store").definedBy("org.wargame.tracker.store..")
                .layer("account").definedBy("org.wargame.tracker.account..")
                .layer("campaign").definedBy("org.wargame.tracker.campaign..")
                .layer("scenario").definedBy("org.wargame.tracker.scenario..")
                .layer("history").definedBy("org.wargame.tracker.history..")
                .layer("report").definedBy("org.wargame.tracker.report..")
                .layer("notice").definedBy("org.wargame.tracker.notice..")
                .layer("web").definedBy("org.wargame.tracker.web..")
                .whereLayer("web").mayNotBeAccessedByAnyLayer()
                .whereLayer("report").mayOnlyBeAccessedByLayers("web")
                .whereLayer("notice").mayOnlyBeAccessedByLayers("web")
                .whereLayer("history").mayOnlyBeAccessedByLayers("report", "notice", "web")
                .whereLayer("scenario").mayOnlyBeAccessedByLayers("history", "report", "notice", "web")
                .whereLayer("campaign").mayOnlyBeAccessedByLayers("scenario", "history", "report", "notice", "web")
                .whereLayer("account").mayOnlyBeAccessedByLayers("campaign", "scenario", "history", "report", "notice",
                        "web")
                .whereLayer("store").mayOnlyBeAccessedByLayers("account", "campaign", "scenario", "history", "report",
                        "notice", "web")
                .whereLayer("rules").mayOnlyBeAccessedByLayers("store", "account", "campaign", "scenario", "history",
                        "report", "notice", "web")
                .because("each capability builds only on those below it");
    }

    /** The rooms of the web under {@code web} (the tracker's, or a fixture's). */
    static ArchRule webRooms(String web) {
        return Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("http").definedBy(web + ".http..")
                .layer("api").definedBy(web + ".api..")
                .layer("pages").definedBy(web + ".pages..")
                .layer("live").definedBy(web + ".live..")
                .whereLayer("api").mayNotBeAccessedByAnyLayer()
                .whereLayer("pages").mayNotBeAccessedByAnyLayer()
                .whereLayer("live").mayNotBeAccessedByAnyLayer()
                .because("pages, the API and the live feed each build on the services and on http, never on each "
                        + "other");
    }

    static ArchRule everyWebClassInARoom() {
        return classes().that().resideInAPackage("org.wargame.tracker.web..").should().resideInAnyPackage(
                        "org.wargame.tracker.web.api..", "org.wargame.tracker.web.pages..",
                        "org.wargame.tracker.web.live..", "org.wargame.tracker.web.http..")
                .because("the web is four rooms (api, pages, live, http), not a flat package");
    }

    /** Page controllers (in {@code web}'s pages) never depend on API controllers, by room or by annotation. */
    static ArchRule pagesNeverCallTheApi(String web) {
        return noClasses().that().resideInAPackage(web + ".pages..")
                .should().dependOnClassesThat(resideInAPackage(web + ".api..")
                        .or(metaAnnotatedWith(org.springframework.web.bind.annotation.RestController.class)))
                .because("a page asks the services the API asks, never an API controller");
    }

    /** Any controller (page or API) calls services, never another controller. */
    static ArchRule controllersCallNoController() {
        // the annotation types themselves (@RestController is a @Controller) are no controllers
        com.tngtech.archunit.base.DescribedPredicate<com.tngtech.archunit.core.domain.JavaClass> controllers =
                com.tngtech.archunit.base.DescribedPredicate.describe("controllers", c -> !c.isAnnotation()
                        && c.isMetaAnnotatedWith(org.springframework.stereotype.Controller.class));
        return noClasses().that(controllers).should().dependOnClassesThat(controllers)
                .because("what two controllers share is a service (on the read side, or one that sends commands)");
    }

    static ArchRule roomsHaveNoCycle(String web) {
        return slices().matching(web + ".(*)..").should().beFreeOfCycles();
    }

    static ArchRule noCycles() {
        return slices().matching("org.wargame.tracker.(**)").should().beFreeOfCycles();
    }

    static ArchRule coreNamesNoRuleSet() {
        return noClasses().that().resideOutsideOfPackages("org.wargame.tracker.rules.asl..",
                        "org.wargame.tracker.rules.hex..", "org.wargame.tracker.rules.skirmish..")
                .should().dependOnClassesThat().resideInAnyPackage("org.wargame.tracker.rules.asl..",
                        "org.wargame.tracker.rules.hex..", "org.wargame.tracker.rules.skirmish..")
                .because("the core knows a rule set only through the RuleSet plug-in point");
    }

    static ArchRule ruleSetsArePlainJava() {
        return noClasses().that().resideInAnyPackage("org.wargame.tracker.rules..", "org.wargame.tracker.refusal..")
                .should().dependOnClassesThat().resideInAnyPackage("org.springframework..", "org.axonframework..",
                        "jakarta..", "org.hibernate..")
                .because("rules are plain Java, read beside the rule text");
    }

    static ArchRule ruleSetsStandAlone() {
        return slices().matching("org.wargame.tracker.rules.(*)..").should().notDependOnEachOther()
                .because("one rule set never borrows another's rules");
    }

    @Test
    void each_capability_depends_only_on_those_below_it() {
        layers().check(classes);
    }

    @Test
    void packages_have_no_cycle() {
        noCycles().check(classes);
    }

    @Test
    void the_web_is_in_rooms() {
        everyWebClassInARoom().check(classes);
        webRooms("org.wargame.tracker.web").check(classes);
        roomsHaveNoCycle("org.wargame.tracker.web").check(classes);
    }

    @Test
    void page_controllers_never_depend_on_api_controllers() {
        pagesNeverCallTheApi("org.wargame.tracker.web").check(classes);
        controllersCallNoController().check(classes);
    }

    /** The rooms' rules can fail: a fixture page controller that injects a fixture API controller breaks both. */
    @Test
    void a_page_calling_the_api_is_caught() {
        JavaClasses fixture = new ClassFileImporter().importPackages("org.wargame.tracker.architecture.rooms");
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> pagesNeverCallTheApi("org.wargame.tracker.architecture.rooms").check(fixture));
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> webRooms("org.wargame.tracker.architecture.rooms").check(fixture));
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> controllersCallNoController().check(fixture));
    }

    @Test
    void the_core_never_names_a_rule_set() {
        coreNamesNoRuleSet().check(classes);
    }

    @Test
    void rule_sets_import_neither_spring_nor_axon() {
        ruleSetsArePlainJava().check(classes);
    }

    @Test
    void rule_sets_do_not_depend_on_each_other() {
        ruleSetsStandAlone().check(classes);
    }

    /** The rules can fail: two fixture packages that import each other are a cycle, and a layer violation. */
    @Test
    void a_cycle_is_caught() {
        JavaClasses fixture = new ClassFileImporter().importPackages("org.wargame.tracker.architecture");
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> slices().matching("org.wargame.tracker.architecture.(*)..").should().beFreeOfCycles()
                        .check(fixture));
        org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                () -> Architectures.layeredArchitecture().consideringOnlyDependenciesInLayers()
                        .layer("store").definedBy("org.wargame.tracker.architecture.store..")
                        .layer("web").definedBy("org.wargame.tracker.architecture.web..")
                        .whereLayer("web").mayNotBeAccessedByAnyLayer()
                        .check(fixture));
    }
}
